import Foundation
import Testing
@testable import SpecwrightYAML

/// Row 6 of issue 17: the JSON reader is linear in the length of arrays and objects. The inputs
/// are sized so that the old per-element copy of the open collection (quadratic) would take
/// minutes; the time itself is measured by `specwright-bench scaling`, not asserted.
@Suite struct JSONReaderSizeTests {
    @Test func anArrayOf400000NumbersIsReadInOnePass() throws {
        let count = 400_000
        let text = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
        let node = try JSONReader.parseDocument(Array(text.utf8), file: "big.json")
        let items = try #require(node.sequence)
        #expect(items.count == count)
        #expect(items.last?.scalar?.value == .int(count - 1))
    }

    @Test func anObjectOf200000KeysIsReadAndCheckedForDuplicatesInOnePass() throws {
        let count = 200_000
        let text = "{" + (0..<count).map { "\"k\($0)\": [\($0)]" }.joined(separator: ",") + "}"
        let node = try JSONReader.parseDocument(Array(text.utf8), file: "big.json")
        let entries = try #require(node.mapping)
        #expect(entries.count == count)
        #expect(entries.last?.key.string == "k\(count - 1)")
        #expect(node["k123456"]?.sequence?.first?.scalar?.value == .int(123_456))
    }

    @Test func aDuplicateKeyAtTheEndOfALargeObjectIsStillFound() {
        let count = 100_000
        let text = "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n") + ",\n\"k7\": 0}"
        #expect(throws: YAMLError.self) { try JSONReader.parseDocument(Array(text.utf8), file: "dup.json") }
        do {
            _ = try JSONReader.parseDocument(Array(text.utf8), file: "dup.json")
        } catch {
            #expect(error.location.line == count + 1)
            #expect(error.message.contains("duplicate key 'k7' (first defined at 8:1)"))
        }
    }

    @Test func nestedLargeCollectionsCloseIntoTheRightParents() throws {
        let inner = "[" + (0..<50_000).map(String.init).joined(separator: ",") + "]"
        let text = "{\"a\": \(inner), \"b\": {\"c\": \(inner)}, \"d\": [\(inner), \(inner)]}"
        let node = try JSONReader.parseDocument(Array(text.utf8), file: "n.json")
        #expect(node["a"]?.sequence?.count == 50_000)
        #expect(node["b"]?["c"]?.sequence?.count == 50_000)
        #expect(node["d"]?.sequence?.map { $0.sequence?.count } == [50_000, 50_000])
    }
}
