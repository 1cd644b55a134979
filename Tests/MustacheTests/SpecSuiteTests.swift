import Foundation
import Mustache
import Testing

/// Runs every case of the official Mustache spec files the engine claims to support.
@Suite struct MustacheSpecSuiteTests {
    static let specFiles = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    static let cases: [SpecCase] = specFiles.flatMap { SpecCase.load(file: $0) }

    @Test func theSpecDataIsFoundAndEveryFileHasCases() throws {
        let directory = try #require(SpecCase.specDirectory, "mustache-spec data not found next to the package")
        for file in Self.specFiles {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(file).json").path))
            #expect(Self.cases.contains { $0.file == file }, "no cases loaded from \(file).json")
        }
    }

    @Test(arguments: cases)
    func specCaseRendersTheExpectedOutput(_ specCase: SpecCase) throws {
        let partials = try specCase.partials.mapValues { source in try Template(source) }
        let template = try Template(specCase.template)
        let output = try template.render(specCase.data, partials: partials, escaping: .html)
        #expect(output == specCase.expected, "\(specCase.file): \(specCase.name) — \(specCase.description)")
    }
}

/// One test of a spec file, decoded from its JSON twin.
struct SpecCase: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var description: String
    var data: MustacheValue
    var template: String
    var partials: [String: String]
    var expected: String

    var testDescription: String { "\(file): \(name)" }

    /// `shared/data/mustache-spec` in the nearest ancestor folder of the package that has it.
    static let specDirectory: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/data/mustache-spec")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("sections.json").path) {
                return candidate
            }
        }
        return nil
    }()

    static func load(file: String) -> [SpecCase] {
        guard let directory = specDirectory,
            let bytes = FileManager.default.contents(atPath: directory.appendingPathComponent("\(file).json").path),
            let root = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
            let tests = root["tests"] as? [[String: Any]]
        else { return [] }
        return tests.map { test in
            SpecCase(
                file: file,
                name: test["name"] as? String ?? "",
                description: test["desc"] as? String ?? "",
                data: MustacheValue(json: test["data"]),
                template: test["template"] as? String ?? "",
                partials: test["partials"] as? [String: String] ?? [:],
                expected: test["expected"] as? String ?? "")
        }
    }
}

extension MustacheValue {
    /// Converts a `JSONSerialization` value (booleans arrive as `NSNumber`).
    init(json: Any?) {
        switch json {
        case nil, is NSNull: self = .null
        case let string as String: self = .string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else if number.doubleValue.rounded() == number.doubleValue {
                self = .int(number.intValue)
            } else {
                self = .double(number.doubleValue)
            }
        case let array as [Any]: self = .list(array.map { MustacheValue(json: $0) })
        case let object as [String: Any]: self = .object(object.mapValues { MustacheValue(json: $0) })
        default: self = .null
        }
    }
}
