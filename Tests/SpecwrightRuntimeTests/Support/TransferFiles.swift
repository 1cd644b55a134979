import Foundation
import SpecwrightRuntime

/// Helpers of the transfer tests: the fixture's `/blob` endpoint and checks of the files a
/// transfer leaves behind.
enum TransferFiles {
    /// `/blob` of `bytes` bytes; see `Tests/Fixtures/transfer_fixture.py` for the other parameters.
    static func blob(_ bytes: Int, cut: Int? = nil, once: Bool = false, changes: Bool = false, stall: Int? = nil)
        -> TestEndpoint
    {
        var query = QueryParameters()
        query.append("bytes", bytes)
        query.append("cut", cut)
        query.append("once", once ? 1 : nil)
        query.append("changes", changes ? 1 : nil)
        query.append("stall", stall)
        return TestEndpoint(["blob"], query: query, options: EndpointOptions(timeout: 120))
    }

    /// The files in `directory` (a download must leave nothing but its destination).
    static func files(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Whether `file` holds `size` bytes of the fixture's blob pattern (byte i = (i + shift) % 251),
    /// checked at a few offsets.
    static func holdsBlob(_ file: URL, size: Int, shift: Int = 0) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        guard try handle.seekToEnd() == UInt64(size) else { return false }
        for offset in [0, size / 3, size / 2, max(0, size - 70_000)] {
            try handle.seek(toOffset: UInt64(offset))
            let bytes = try handle.read(upToCount: 65_536) ?? Data()
            guard bytes.enumerated().allSatisfy({ Int($0.element) == (offset + $0.offset + shift) % 251 }) else {
                return false
            }
        }
        return true
    }
}
