import Foundation
import SpecwrightYAML

extension APIDiff.Report {
    /// The report for bots (`--format json`): counts and every change with its locations, keys
    /// sorted so the text is stable.
    ///
    ///     {"breaking":1,"changes":[{"kind":"breaking","location":{"column":9,"file":"new.yaml","line":41},
    ///      "message":"…","oldLocation":{…}}],"compatible":0,"new":"new.yaml","old":"old.yaml"}
    public func json(old: String, new: String) -> String {
        let document = Document(
            old: old, new: new, breaking: breakingCount, compatible: compatibleCount,
            changes: changes.map { located in
                Change(
                    kind: located.change.kind.rawValue, message: located.change.message,
                    location: Location(located.location), oldLocation: located.oldLocation.map(Location.init))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private struct Document: Encodable {
        let old: String
        let new: String
        let breaking: Int
        let compatible: Int
        let changes: [Change]
    }

    private struct Change: Encodable {
        let kind: String
        let message: String
        let location: Location
        let oldLocation: Location?
    }

    private struct Location: Encodable {
        let file: String
        let line: Int
        let column: Int

        init(_ location: SourceLocation) {
            file = location.file
            line = location.line
            column = location.column
        }
    }
}
