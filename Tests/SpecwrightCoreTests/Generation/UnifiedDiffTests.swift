import SpecwrightCore
import Testing

/// The unified diff of `generate --check --diff`, byte for byte as `diff -u` prints it.
@Suite struct UnifiedDiffTests {
    static func numbered(_ range: ClosedRange<Int>) -> String {
        range.map { "\($0)\n" }.joined()
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.make(old: "a\nb\n", new: "a\nb\n", oldLabel: "a/x", newLabel: "b/x") == "")
    }

    @Test func aChangedLineShowsThreeLinesOfContextOnEachSide() {
        let old = Self.numbered(1...20)
        let new = old.replacingOccurrences(of: "\n10\n", with: "\nten\n")
        #expect(
            UnifiedDiff.make(old: old, new: new, oldLabel: "a/T.swift", newLabel: "b/T.swift") == """
                --- a/T.swift
                +++ b/T.swift
                @@ -7,7 +7,7 @@
                 7
                 8
                 9
                -10
                +ten
                 11
                 12
                 13

                """)
    }

    @Test func changesSevenLinesApartAreTwoHunksAndSixApartAreOne() {
        let old = Self.numbered(1...20)
        let apart = old.replacingOccurrences(of: "\n3\n", with: "\nX\n").replacingOccurrences(
            of: "\n11\n", with: "\nY\n")
        let hunks = UnifiedDiff.make(old: old, new: apart, oldLabel: "a", newLabel: "b").split(separator: "\n").filter {
            $0.hasPrefix("@@")
        }
        #expect(hunks == ["@@ -1,6 +1,6 @@", "@@ -8,7 +8,7 @@"])
        let near = old.replacingOccurrences(of: "\n3\n", with: "\nX\n").replacingOccurrences(
            of: "\n10\n", with: "\nY\n")
        let merged = UnifiedDiff.make(old: old, new: near, oldLabel: "a", newLabel: "b").split(separator: "\n").filter {
            $0.hasPrefix("@@")
        }
        #expect(merged == ["@@ -1,13 +1,13 @@"])
    }

    @Test func insertionsAtTheStartAndDeletionsAtTheEnd() {
        let old = Self.numbered(1...20)
        let new = "0\n" + Self.numbered(1...18)
        #expect(
            UnifiedDiff.make(old: old, new: new, oldLabel: "a/f", newLabel: "b/f") == """
                --- a/f
                +++ b/f
                @@ -1,3 +1,4 @@
                +0
                 1
                 2
                 3
                @@ -16,5 +17,3 @@
                 16
                 17
                 18
                -19
                -20

                """)
    }

    @Test func aMissingFinalLineBreakIsMarked() {
        #expect(
            UnifiedDiff.make(old: "x\ny", new: "x\ny\n", oldLabel: "a/f", newLabel: "b/f") == """
                --- a/f
                +++ b/f
                @@ -1,2 +1,2 @@
                 x
                -y
                \\ No newline at end of file
                +y

                """)
    }

    @Test func aMissingFileIsDiffedFromDevNull() {
        #expect(
            UnifiedDiff.make(old: nil, new: "one\ntwo\n", oldLabel: "a/f", newLabel: "b/f") == """
                --- /dev/null
                +++ b/f
                @@ -0,0 +1,2 @@
                +one
                +two

                """)
    }

    @Test func theEditScriptIsAShortestOneOnEveryPairOfSmallTexts() {
        // Every pair of texts over {a, b} of up to 5 lines: the script turns old into new and
        // keeps as many lines as the longest common subsequence has.
        let texts = (0...5).flatMap { length in
            (0..<(1 << length)).map { bits in (0..<length).map { bits >> $0 & 1 == 0 ? "a" : "b" } }
        }
        for old in texts {
            for new in texts {
                let edits = LineDiff(old: old, new: new).edits
                var rebuilt: [String] = []
                var original: [String] = []
                var kept = 0
                for edit in edits {
                    switch edit {
                    case .keep(let oldIndex, let newIndex):
                        #expect(old[oldIndex] == new[newIndex])
                        rebuilt.append(new[newIndex])
                        original.append(old[oldIndex])
                        kept += 1
                    case .insert(let newIndex): rebuilt.append(new[newIndex])
                    case .delete(let oldIndex): original.append(old[oldIndex])
                    }
                }
                #expect(rebuilt == new)
                #expect(original == old)
                #expect(kept == Self.longestCommonSubsequence(old, new), "\(old) → \(new)")
            }
        }
    }

    @Test func unrelatedLongTextsBeyondTheEditBudgetAreReplacedWhole() {
        let old = (0..<3_000).map { "old \($0)" }
        let new = ["shared"] + (0..<3_000).map { "new \($0)" } + ["end"]
        let edits = LineDiff(old: ["shared"] + old + ["end"], new: new).edits
        #expect(edits.count == 2 + 3_000 + 3_000)
        #expect(edits.first == .keep(oldIndex: 0, newIndex: 0))
        #expect(edits.last == .keep(oldIndex: 3_001, newIndex: 3_001))
        #expect(edits[1] == .delete(oldIndex: 1))
        #expect(edits[3_001] == .insert(newIndex: 1))
    }

    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
