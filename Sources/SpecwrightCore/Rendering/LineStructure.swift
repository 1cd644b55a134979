/// The top-level structure of one line of Swift code (its UTF-8 bytes), as ``SourcePrinter``
/// needs it: the bracket groups that close on the line, and for a `case` line the colon that ends
/// its pattern. String literals, their escapes and their interpolations are skipped; a trailing
/// `//` comment ends the scan. Only the group the line is split at is cut into items.
struct LineStructure {
    /// A `(…)`, `[…]`, `{…}` or `<…>` group opened and closed at the top level of the line.
    struct Group {
        var open: Int
        var close: Int
        var bracket: UInt8
    }

    /// A line cut in three: `head` stays on the line, each of `items` goes one level in (each
    /// but the last followed by a comma when `commaSeparated`), `tail` (the closing bracket and
    /// what follows it) goes on a line of its own.
    struct Split {
        var head: ArraySlice<UInt8>
        var items: [ArraySlice<UInt8>]
        var commaSeparated = false
        var tail: ArraySlice<UInt8>?
    }

    let bytes: ArraySlice<UInt8>
    /// Whether every byte is a scalar (columns are then bytes).
    let isASCII: Bool
    let groups: [Group]
    /// The colon ending a `case` pattern, when the line is `case pattern: value`.
    let caseColon: Int?

    init(_ bytes: ArraySlice<UInt8>, isASCII: Bool) {
        self.bytes = bytes
        self.isASCII = isASCII
        (groups, caseColon) = Self.scan(bytes)
    }

    /// How to lay out the line over several, or nil when it cannot be split.
    func split() -> Split? {
        if let colon = caseColon {
            let value = Self.trimmed(bytes[(colon + 1)...])
            if !value.isEmpty { return Split(head: bytes[...colon], items: [value], tail: nil) }
        }
        guard let group = chosenGroup() else { return nil }
        var head = bytes[...group.open]
        var items = self.items(of: group)
        let commaSeparated = group.bracket != Self.openBrace
        if !commaSeparated, let parameters = Self.closureParameters(items[0]) {
            head = ArraySlice(head + [Self.space] + parameters.head)
            items = [parameters.body]
        }
        // An empty first item (`(, b)`) still holds its comma.
        guard !items[0].isEmpty || (commaSeparated && items.count > 1) else { return nil }
        return Split(head: head, items: items, commaSeparated: commaSeparated, tail: bytes[group.close...])
    }

    /// The group a person would break: a block (`if let x { … }`, `guard … else { … }`) first;
    /// else the largest `(…)` or `[…]` group, which holds the most text; generic arguments
    /// (`Pair<A, B>`) only when nothing else can break. The first of equally large groups wins.
    /// The group first in that order can nearly always be split; the others are ordered only
    /// when it cannot.
    private func chosenGroup() -> Group? {
        // Widths in scalars, as a reader counts columns (in bytes when every byte is a scalar).
        let widths = isASCII ? nil : groups.map { UTF8Facts.scalarCount(bytes[$0.open..<$0.close]) }
        func precedes(_ left: Int, _ right: Int) -> Bool {
            let (leftRank, rightRank) = (Self.rank(groups[left]), Self.rank(groups[right]))
            if leftRank != rightRank { return leftRank < rightRank }
            let leftWidth = widths?[left] ?? groups[left].close - groups[left].open
            let rightWidth = widths?[right] ?? groups[right].close - groups[right].open
            if leftWidth != rightWidth { return leftWidth > rightWidth }
            return left < right
        }
        guard var first = groups.indices.first else { return nil }
        for index in groups.indices.dropFirst() where precedes(index, first) { first = index }
        if canSplit(groups[first]) { return groups[first] }
        return groups.indices.sorted(by: precedes).dropFirst().lazy.map { groups[$0] }.first(where: canSplit)
    }

    private static func rank(_ group: Group) -> Int {
        switch group.bracket {
        case openBrace: 0
        case openAngle: 2
        default: 1
        }
    }

    /// Whether splitting `group` reads well: it is not empty, and a `[…]` holding one item
    /// without a call (a type such as `[String: Int]`) or generic arguments with one item are not split.
    private func canSplit(_ group: Group) -> Bool {
        let content = bytes[(group.open + 1)..<group.close]
        guard content.contains(where: { $0 != Self.space }) else { return false }
        switch group.bracket {
        case Self.openAngle: return Self.hasTopLevelComma(content)
        case Self.openBracket: return content.contains(Self.openParen) || Self.hasTopLevelComma(content)
        default: return true
        }
    }

    /// The items a group splits into (trimmed, without their separating commas).
    private func items(of group: Group) -> [ArraySlice<UInt8>] {
        let content = bytes[(group.open + 1)..<group.close]
        if group.bracket == Self.openBrace { return [Self.trimmed(content)] }
        var items: [ArraySlice<UInt8>] = []
        items.reserveCapacity(16)
        var start = content.startIndex
        Self.forEachTopLevelComma(in: content) { comma in
            items.append(Self.trimmed(content[start..<comma]))
            start = comma + 1
            return true
        }
        items.append(Self.trimmed(content[start...]))
        return items
    }

    /// `chunk in body` as (`chunk in`, `body`): a closure's parameters stay on the opening line.
    private static func closureParameters(_ statement: ArraySlice<UInt8>) -> (
        head: ArraySlice<UInt8>, body: ArraySlice<UInt8>
    )? {
        let keyword = " in ".utf8
        guard
            let start = statement.indices.first(where: { statement[$0...].starts(with: keyword) })
        else { return nil }
        let parameters = statement[..<start]
        // `a, b in`: identifiers separated by commas (`for element in xs` is a statement, not parameters).
        let names = parameters.split(separator: comma, omittingEmptySubsequences: false).map(trimmed)
        guard names.allSatisfy({ !$0.isEmpty && UTF8Facts.isIdentifier($0) }) else { return nil }
        return (statement[..<(start + 3)], trimmed(statement[(start + keyword.count)...]))
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == space { start += 1 }
        while end > start, bytes[end - 1] == space { end -= 1 }
        return bytes[start..<end]
    }

    static let space = UInt8(ascii: " ")
    static let comma = UInt8(ascii: ",")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":")
    static let minus = UInt8(ascii: "-")
    static let openParen = UInt8(ascii: "(")
    static let openBracket = UInt8(ascii: "[")
    static let openBrace = UInt8(ascii: "{")
    static let openAngle = UInt8(ascii: "<")
    static let closeAngle = UInt8(ascii: ">")
    static let closeParen = UInt8(ascii: ")")
    static let closeBracket = UInt8(ascii: "]")
    static let closeBrace = UInt8(ascii: "}")
}
