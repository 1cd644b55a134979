import Foundation
import SpecwrightCore

/// Why a file could not be read.
public struct FileReadError: Error, Equatable, Sendable {
    /// What went wrong, e.g. `no such file`.
    public let reason: String

    /// Creates an error.
    public init(_ reason: String) {
        self.reason = reason
    }
}

/// Reads spec files, refusing files larger than the YAML size limit before loading them.
public enum SpecFileReader {
    /// Reads the whole file at `path`.
    public static func read(_ path: String) -> Result<[UInt8], FileReadError> {
        do {
            return .success(try readBytes(path))
        } catch {
            return .failure(error)
        }
    }

    private static func readBytes(_ path: String) throws(FileReadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileReadError("no such file")
        }
        if isDirectory.boolValue { throw FileReadError("it is a directory") }
        let limit = GenerationPipeline.maxInputBytes
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw FileReadError("the file is \(size) bytes; the limit is \(limit)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileReadError("permission denied")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            return [UInt8](data)
        } catch {
            throw FileReadError(error.localizedDescription)
        }
    }
}
