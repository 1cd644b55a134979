import Foundation
import Testing

/// The runtime's rooms as `docs/runtime.md` and `docs/architecture.md` describe them (#13):
/// every date the runtime reads or writes is coded in `Coding/Dates/`, and `Support/Locked.swift`
/// is the one lock wrapper.
@Suite struct RuntimeLayoutTests {
    static let runtime = "Sources/SpecwrightRuntime"

    /// The runtime's Swift files, relative to its folder, with their text.
    static func sources() throws -> [(path: String, text: String)] {
        let folder = repositoryRoot.appendingPathComponent(runtime)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [(String, String)] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            result.append((path, try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// Whether `text` declares a type whose name contains `Date` (`enum HTTPDate`, `struct CalendarDate`).
    static func declaresADateType(_ text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            let words = line.split(separator: " ").drop { ["public", "package", "final", "indirect"].contains($0) }
            guard let kind = words.first, ["enum", "struct", "class", "actor"].contains(kind),
                let name = words.dropFirst().first
            else { return false }
            return name.prefix { $0.isLetter || $0.isNumber }.contains("Date")
        }
    }

    @Test func everyDateCodeLivesInCodingDates() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100)
        let dateCode = sources.filter { source in
            Self.declaresADateType(source.text) || source.text.contains("DateFormatter")
                || source.text.contains("ISO8601") || source.text.contains("CivilDays")
        }
        #expect(dateCode.count >= 4)
        for source in dateCode {
            #expect(
                source.path.hasPrefix("Coding/Dates/"),
                "\(Self.runtime)/\(source.path) codes dates outside Coding/Dates/")
        }
    }

    /// `docs/runtime.md` names every folder of the runtime as a room (`` `Client/` ``, …).
    @Test func theRuntimeGuideNamesEveryRoom() throws {
        let guide = String(decoding: try repositoryFile("docs/runtime.md"), as: UTF8.self)
        let folder = repositoryRoot.appendingPathComponent(Self.runtime)
        let rooms = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            return !name.hasSuffix(".docc") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        #expect(rooms.count >= 10)
        for room in rooms.sorted() {
            #expect(guide.contains("`\(room)/`"), "docs/runtime.md does not name the runtime folder \(room)/")
        }
    }

    @Test func lockedIsTheOneLockWrapper() throws {
        let wrappers = try Self.sources().filter { $0.text.contains("func withLock") }.map(\.path)
        #expect(wrappers == ["Support/Locked.swift"])
    }

    @Test func theDateTypeCheckReadsDeclarations() {
        #expect(Self.declaresADateType("enum HTTPDate {"))
        #expect(Self.declaresADateType("public struct CalendarDate: Hashable {"))
        #expect(!Self.declaresADateType("extension Date: QueryValueConvertible {"))
        #expect(!Self.declaresADateType("    let date = HTTPDate.parse(value)"))
    }
}
