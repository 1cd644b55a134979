/// A unified diff (`diff -u`, `git diff` format) between two texts, as `patch` and
/// `git apply` read it: `---`/`+++` labels, `@@ -l,n +l,n @@` hunks with three lines of
/// context, and `\ No newline at end of file` where a text does not end in a line break.
public enum UnifiedDiff {
    /// Lines of unchanged context around each change.
    public static let contextLines = 3

    /// The diff turning `old` into `new`, or the empty string when they are equal. A missing
    /// file is `old: nil` and labelled `/dev/null`; a file to delete is `new: nil`.
    public static func make(old: String?, new: String?, oldLabel: String, newLabel: String) -> String {
        let oldLines = lines(of: old ?? "")
        let newLines = lines(of: new ?? "")
        let edits = LineDiff(old: oldLines, new: newLines).edits
        let hunks = self.hunks(of: edits)
        guard !hunks.isEmpty else { return "" }
        var text = "--- \(old == nil ? "/dev/null" : oldLabel)\n+++ \(new == nil ? "/dev/null" : newLabel)\n"
        for hunk in hunks {
            let before = edits[..<hunk.lowerBound]
            text += header(
                of: edits[hunk],
                oldBefore: before.count(where: { if case .insert = $0 { false } else { true } }),
                newBefore: before.count(where: { if case .delete = $0 { false } else { true } }))
            for edit in edits[hunk] {
                switch edit {
                case .keep(let index, _): text += printed(" ", oldLines[index])
                case .delete(let index): text += printed("-", oldLines[index])
                case .insert(let index): text += printed("+", newLines[index])
                }
            }
        }
        return text
    }

    /// The lines of `text`, each with its line break (the last one may have none).
    static func lines(of text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// One diff line: the marker, the line, and the no-newline remark when it has no break.
    private static func printed(_ marker: String, _ line: String) -> String {
        line.hasSuffix("\n") ? marker + line : marker + line + "\n\\ No newline at end of file\n"
    }

    /// The ranges of `edits` shown as hunks: every change with up to ``contextLines`` kept
    /// lines around it, merged when their contexts touch.
    private static func hunks(of edits: [LineDiff.Edit]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (position, edit) in edits.enumerated() {
            if case .keep = edit { continue }
            let lower = max(0, position - contextLines)
            let upper = min(edits.count, position + contextLines + 1)
            if let last = ranges.last, last.upperBound >= lower {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                ranges.append(lower..<upper)
            }
        }
        return ranges
    }

    /// `@@ -start,count +start,count @@` for the edits of one hunk; `oldBefore` and `newBefore`
    /// count the lines of each text before it. An empty side names the line before it (`-0,0`).
    private static func header(of edits: ArraySlice<LineDiff.Edit>, oldBefore: Int, newBefore: Int) -> String {
        var oldLength = 0
        var newLength = 0
        for edit in edits {
            switch edit {
            case .keep:
                oldLength += 1
                newLength += 1
            case .delete: oldLength += 1
            case .insert: newLength += 1
            }
        }
        return "@@ -\(range(oldBefore, oldLength)) +\(range(newBefore, newLength)) @@\n"
    }

    /// `start,count` (1-based start; `start` alone for one line, as `diff -u` prints it).
    private static func range(_ before: Int, _ length: Int) -> String {
        switch length {
        case 0: "\(before),0"
        case 1: "\(before + 1)"
        default: "\(before + 1),\(length)"
        }
    }
}
