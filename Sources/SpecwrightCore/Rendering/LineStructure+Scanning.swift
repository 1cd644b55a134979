/// The two scans of a line: its top-level bracket groups (``LineStructure/scan()``) and the
/// top-level commas of one group's content. Both skip string literals and resume after an
/// interpolation's closing parenthesis; both read `<` as generic arguments only after a name.
extension LineStructure {
    private enum Frame {
        case bracket(UInt8, Int)
        case interpolation
    }

    /// The top-level groups of `bytes` and, for a `case` line, the colon ending its pattern.
    static func scan(_ slice: ArraySlice<UInt8>) -> (groups: [Group], caseColon: Int?) {
        slice.withUnsafeBufferPointer { scan($0, offset: slice.startIndex) }
    }

    /// ``scan(_:)`` on the bytes (unchecked subscripts); indices are reported plus `offset`.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) -> (groups: [Group], caseColon: Int?) {
        var groups: [Group] = []
        var caseColon: Int?
        var stack: [Frame] = []
        stack.reserveCapacity(16)
        var inString = false
        var index = 0
        let isCase = bytes.starts(with: "case ".utf8)
        let syntax = lineSyntax
        while index < bytes.count {
            // Bytes that change nothing (names, spaces, dots, text in strings) are skipped in one loop.
            if inString {
                while index < bytes.count, bytes[index] != quote, bytes[index] != backslash { index += 1 }
            } else {
                while index < bytes.count, !syntax.contains(bytes[index]) { index += 1 }
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if inString {
                if byte == backslash {
                    if index + 1 < bytes.count, bytes[index + 1] == openParen {
                        stack.append(.interpolation)
                        inString = false
                    }
                    index += 2
                    continue
                }
                if byte == quote { inString = false }
                index += 1
                continue
            }
            switch byte {
            case quote:
                inString = true
            case slash where index + 1 < bytes.count && bytes[index + 1] == slash:
                return (groups, caseColon)
            case openParen, openBracket, openBrace:
                stack.append(.bracket(byte, offset + index))
            case openAngle where index > 0 && UTF8Facts.endsName(at: index - 1, in: bytes):
                stack.append(.bracket(byte, offset + index))
            case closeAngle where index > 0 && bytes[index - 1] != minus:
                if case .bracket(openAngle, let start) = stack.last {
                    stack.removeLast()
                    if stack.isEmpty { groups.append(Group(open: start, close: offset + index, bracket: openAngle)) }
                }
            case closeParen, closeBracket, closeBrace:
                // A `<` never closed was an operator, not generic arguments.
                while case .bracket(openAngle, _) = stack.last { stack.removeLast() }
                switch stack.popLast() {
                case .interpolation:
                    inString = true
                case .bracket(let open, let start):
                    if stack.isEmpty { groups.append(Group(open: start, close: offset + index, bracket: open)) }
                case nil:
                    break  // a bracket opened on an earlier line
                }
            case colon where isCase && stack.isEmpty && caseColon == nil:
                caseColon = offset + index
            default:
                break
            }
            index += 1
        }
        return (groups, caseColon)
    }

    /// The bytes the group scan acts on outside strings.
    private static let lineSyntax = ASCIISet("\"/([{<>)]}:")
    /// The bytes the comma scan acts on outside strings.
    private static let itemSyntax = ASCIISet("\"([{<>)]},")

    /// Whether `content` has a comma outside brackets, generic arguments and strings.
    static func hasTopLevelComma(_ content: ArraySlice<UInt8>) -> Bool {
        var found = false
        forEachTopLevelComma(in: content) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the index of each comma of `content` outside brackets, generic
    /// arguments and strings, until it returns false.
    static func forEachTopLevelComma(in content: ArraySlice<UInt8>, _ body: (Int) -> Bool) {
        content.withUnsafeBufferPointer { bytes in
            var depth = 0
            var angles = 0
            var inString = false
            var interpolations: [Int] = []
            var index = 0
            // The start of the scalar before `index` (nil: none yet, read as a space); an escape
            // sequence does not count.
            var previous: Int?
            let syntax = itemSyntax
            while index < bytes.count {
                // Bytes that change nothing are skipped in one loop; `previous` becomes the last
                // scalar that starts among them.
                let runStart = index
                if inString {
                    while index < bytes.count, bytes[index] != quote, bytes[index] != backslash { index += 1 }
                } else {
                    while index < bytes.count, !syntax.contains(bytes[index]) { index += 1 }
                }
                if index > runStart {
                    var last = index - 1
                    while last > runStart, UTF8Facts.isContinuation(bytes[last]) { last -= 1 }
                    if !UTF8Facts.isContinuation(bytes[last]) { previous = last }
                }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if inString {
                    if byte == backslash, index + 1 < bytes.count {
                        if bytes[index + 1] == openParen {
                            interpolations.append(depth)
                            depth += 1
                            inString = false
                        }
                        index += 2
                        continue
                    }
                    if byte == quote { inString = false }
                } else {
                    switch byte {
                    case quote: inString = true
                    case openParen, openBracket, openBrace: depth += 1
                    case openAngle where previous.map { endsName(startingAt: $0, in: bytes) } ?? false: angles += 1
                    case closeAngle where angles > 0 && (previous.map { bytes[$0] != minus } ?? true): angles -= 1
                    case closeParen, closeBracket, closeBrace:
                        depth -= 1
                        if let last = interpolations.last, last == depth {
                            interpolations.removeLast()
                            inString = true
                        }
                    case comma where depth == 0 && angles == 0:
                        if !body(content.startIndex + index) { return }
                    default: break
                    }
                }
                previous = index
                index += 1
            }
        }
    }

    /// Whether the scalar starting at `index` can end a type name.
    private static func endsName(startingAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = index
        while end + 1 < bytes.count, UTF8Facts.isContinuation(bytes[end + 1]) { end += 1 }
        return UTF8Facts.endsName(at: end, in: bytes)
    }
}
