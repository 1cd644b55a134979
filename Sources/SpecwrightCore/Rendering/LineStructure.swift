/// The top-level structure of one line of Swift code, as ``SourcePrinter`` needs it: the bracket
/// groups that close on the line, and for a `case` line the colon that ends its pattern.
/// String literals, their escapes and their interpolations are skipped; a trailing `//` comment
/// ends the scan.
struct LineStructure {
    /// A `(…)`, `[…]` or `{…}` group opened and closed at the top level of the line.
    struct Group {
        var open: Int
        var close: Int
        var bracket: Unicode.Scalar
    }

    /// A line cut in three: `head` stays on the line, each of `items` goes one level in,
    /// `tail` (the closing bracket and what follows it) goes on a line of its own.
    struct Split {
        var head: [Unicode.Scalar]
        var items: [[Unicode.Scalar]]
        var tail: [Unicode.Scalar]?
    }

    let characters: [Unicode.Scalar]
    private(set) var groups: [Group] = []
    /// The colon ending a `case` pattern, when the line is `case pattern: value`.
    private(set) var caseColon: Int?

    init(_ characters: [Unicode.Scalar]) {
        self.characters = characters
        scan()
    }

    /// How to lay out the line over several, or nil when it cannot be split.
    func split() -> Split? {
        if let colon = caseColon {
            let value = Self.trimmed(characters[(colon + 1)...])
            if !value.isEmpty { return Split(head: Array(characters[...colon]), items: [value], tail: nil) }
        }
        let candidates = groups.compactMap { group -> (Group, [[Unicode.Scalar]])? in
            let items = self.items(of: group)
            return items.isEmpty ? nil : (group, items)
        }
        // A block (`if let x { … }`, `guard … else { … }`) breaks first, as a person would; else the
        // largest group, which holds the most text; generic arguments (`Pair<A, B>`) only when
        // nothing else can break.
        let blocks = candidates.filter { $0.0.bracket == "{" }
        let lists = candidates.filter { $0.0.bracket != "<" }
        guard
            let (group, items) = (blocks.isEmpty ? (lists.isEmpty ? candidates : lists) : blocks)
                .max(by: { $0.0.close - $0.0.open < $1.0.close - $1.0.open })
        else { return nil }
        var head = Array(characters[...group.open])
        var body = items
        if group.bracket == "{", let parameters = Self.closureParameters(items[0]) {
            head += [" "] + parameters.head
            body = [parameters.body]
        }
        guard !body[0].isEmpty else { return nil }
        return Split(head: head, items: body, tail: Array(characters[group.close...]))
    }

    /// The items a group splits into (with their separating commas), or none when splitting it
    /// would not read well: an empty group, a `[…]` holding one item without a call (a type such
    /// as `[String: Int]`), or generic arguments with one item.
    private func items(of group: Group) -> [[Unicode.Scalar]] {
        let content = characters[(group.open + 1)..<group.close]
        if group.bracket == "{" {
            let statement = Self.trimmed(content)
            return statement.isEmpty ? [] : [statement]
        }
        let pieces = Self.topLevelItems(content)
        if pieces.isEmpty { return [] }
        if pieces.count < 2, group.bracket == "<" || (group.bracket == "[" && !pieces[0].contains("(")) { return [] }
        return pieces.enumerated().map { index, piece in index == pieces.count - 1 ? piece : piece + [","] }
    }

    // MARK: Scanning

    private enum Frame {
        case bracket(Unicode.Scalar, Int)
        case interpolation
    }

    private mutating func scan() {
        var stack: [Frame] = []
        var inString = false
        var index = 0
        let isCase = characters.starts(with: "case ".unicodeScalars)
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" {
                    if index + 1 < characters.count, characters[index + 1] == "(" {
                        stack.append(.interpolation)
                        inString = false
                    }
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
                index += 1
                continue
            }
            switch character {
            case "\"":
                inString = true
            case "/" where index + 1 < characters.count && characters[index + 1] == "/":
                return
            case "(", "[", "{":
                stack.append(.bracket(character, index))
            case "<" where index > 0 && Self.endsName(characters[index - 1]):
                stack.append(.bracket(character, index))
            case ">" where index > 0 && characters[index - 1] != "-":
                if case .bracket("<", let start) = stack.last {
                    stack.removeLast()
                    if stack.isEmpty { groups.append(Group(open: start, close: index, bracket: "<")) }
                }
            case ")", "]", "}":
                // A `<` never closed was an operator, not generic arguments.
                while case .bracket("<", _) = stack.last { stack.removeLast() }
                switch stack.popLast() {
                case .interpolation:
                    inString = true
                case .bracket(let open, let start):
                    if stack.isEmpty { groups.append(Group(open: start, close: index, bracket: open)) }
                case nil:
                    break  // a bracket opened on an earlier line
                }
            case ":" where isCase && stack.isEmpty && caseColon == nil:
                caseColon = index
            default:
                break
            }
            index += 1
        }
    }

    /// `content` cut at its top-level commas (outside brackets, generic arguments and strings), trimmed.
    static func topLevelItems(_ content: ArraySlice<Unicode.Scalar>) -> [[Unicode.Scalar]] {
        var items: [[Unicode.Scalar]] = []
        var depth = 0
        var angles = 0
        var inString = false
        var interpolations: [Int] = []
        var start = content.startIndex
        var index = content.startIndex
        var previous: Unicode.Scalar = " "
        while index < content.endIndex {
            let character = content[index]
            if inString {
                if character == "\\", index + 1 < content.endIndex {
                    if content[index + 1] == "(" {
                        interpolations.append(depth)
                        depth += 1
                        inString = false
                    }
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
            } else {
                switch character {
                case "\"": inString = true
                case "(", "[", "{": depth += 1
                case "<" where endsName(previous): angles += 1
                case ">" where previous != "-" && angles > 0: angles -= 1
                case ")", "]", "}":
                    depth -= 1
                    if let last = interpolations.last, last == depth {
                        interpolations.removeLast()
                        inString = true
                    }
                case "," where depth == 0 && angles == 0:
                    items.append(trimmed(content[start..<index]))
                    start = index + 1
                default: break
                }
            }
            previous = character
            index += 1
        }
        let last = trimmed(content[start...])
        if !last.isEmpty || !items.isEmpty { items.append(last) }
        return items
    }

    /// Whether `character` can end a type name, so a `<` after it opens generic arguments.
    static func endsName(_ character: Unicode.Scalar) -> Bool {
        character.properties.isAlphabetic || character.properties.numericType != nil || character == "_"
            || character == "?"
    }

    /// `chunk in body` as (`chunk in`, `body`): a closure's parameters stay on the opening line.
    private static func closureParameters(_ statement: [Unicode.Scalar]) -> (
        head: [Unicode.Scalar], body: [Unicode.Scalar]
    )? {
        let text = String(String.UnicodeScalarView(statement))
        guard let range = text.range(of: " in ") else { return nil }
        let parameters = text[..<range.lowerBound]
        // `a, b in`: identifiers separated by commas (`for element in xs` is a statement, not parameters).
        let names = parameters.split(separator: ",", omittingEmptySubsequences: false).map {
            trimmed(Array($0.unicodeScalars)[...])
        }
        guard
            names.allSatisfy({ name in
                !name.isEmpty
                    && name.allSatisfy {
                        $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "$"
                    }
            })
        else { return nil }
        return (
            Array((parameters + " in").unicodeScalars), trimmed(Array(text[range.upperBound...].unicodeScalars)[...])
        )
    }

    static func trimmed(_ characters: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var slice = characters
        while let first = slice.first, first == " " { slice = slice.dropFirst() }
        while let last = slice.last, last == " " { slice = slice.dropLast() }
        return Array(slice)
    }
}
