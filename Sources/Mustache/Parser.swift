/// Turns template source into `Node`s, applying the Mustache spec's standalone-line rules:
/// a section, inverted, closing, comment, partial or set-delimiter tag that is alone on its
/// line (only spaces or tabs around it) removes that whole line from the output, so templates
/// can be laid out readably without leaving blank lines in what they render.
struct Parser {
    private let bytes: [UInt8]
    private let templateName: String
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)
    private var position = 0

    init(source: String, templateName: String) {
        bytes = Array(source.utf8)
        self.templateName = templateName
    }

    /// A section being collected while its children are parsed.
    private struct OpenSection {
        var name: NamePath
        var inverted: Bool
        var offset: Int
        var children: [Node] = []
    }

    mutating func parse() throws(MustacheError) -> [Node] {
        var stack: [OpenSection] = [OpenSection(name: NamePath(""), inverted: false, offset: 0)]
        var textStart = 0
        var lastTagEnd = 0
        while let tagStart = find(openDelimiter, from: position) {
            let tag = try readTag(at: tagStart)
            let lineStart = startOfLine(before: tagStart, notBefore: lastTagEnd)
            var textEnd = tagStart
            var next = tag.end
            var indentation = ""
            if tag.kind.canStandAlone, let lineStart, let lineEnd = endOfStandaloneLine(after: tag.end) {
                textEnd = lineStart
                next = lineEnd
                indentation = string(lineStart, tagStart)
            }
            if textEnd > textStart { append(.text(string(textStart, textEnd)), to: &stack) }
            switch tag.kind {
            case .variable(let name, let escaped):
                append(.variable(NamePath(name), escaped: escaped), to: &stack)
            case .sectionOpen(let name, let inverted):
                stack.append(OpenSection(name: NamePath(name), inverted: inverted, offset: tagStart))
            case .sectionClose(let name):
                guard stack.count > 1, let open = stack.last, open.name.text == name else {
                    let expected = stack.count > 1 ? stack.last?.name.text : nil
                    throw error(.unexpectedClose(expected: expected, found: name), at: tagStart)
                }
                stack.removeLast()
                append(.section(open.name, children: open.children, inverted: open.inverted), to: &stack)
            case .partial(let name):
                append(.partial(name, indentation: indentation), to: &stack)
            case .comment:
                break
            case .setDelimiters(let open, let close):
                openDelimiter = open
                closeDelimiter = close
            }
            position = next
            textStart = next
            lastTagEnd = next
        }
        if bytes.count > textStart { append(.text(string(textStart, bytes.count)), to: &stack) }
        if stack.count > 1, let open = stack.last {
            throw error(.unclosedSection(open.name.text), at: open.offset)
        }
        return stack.first?.children ?? []
    }

    private func append(_ node: Node, to stack: inout [OpenSection]) {
        stack[stack.count - 1].children.append(node)
    }

    // MARK: Tags

    private enum TagKind {
        case variable(String, escaped: Bool)
        case sectionOpen(String, inverted: Bool)
        case sectionClose(String)
        case partial(String)
        case comment
        case setDelimiters([UInt8], [UInt8])

        var canStandAlone: Bool {
            if case .variable = self { return false }
            return true
        }
    }

    private mutating func readTag(at tagStart: Int) throws(MustacheError) -> (kind: TagKind, end: Int) {
        let contentStart = tagStart + openDelimiter.count
        guard contentStart <= bytes.count else { throw error(.unclosedTag, at: tagStart) }
        let sigil: UInt8? = contentStart < bytes.count ? bytes[contentStart] : nil
        if sigil == UInt8(ascii: "{") {
            let closing = Array("}".utf8) + closeDelimiter
            guard let close = find(closing, from: contentStart + 1) else { throw error(.unclosedTag, at: tagStart) }
            let name = try tagName(contentStart + 1, close, at: tagStart)
            return (.variable(name, escaped: false), close + closing.count)
        }
        guard let close = find(closeDelimiter, from: contentStart) else { throw error(.unclosedTag, at: tagStart) }
        let end = close + closeDelimiter.count
        switch sigil {
        case UInt8(ascii: "!"):
            return (.comment, end)
        case UInt8(ascii: "&"):
            return (.variable(try tagName(contentStart + 1, close, at: tagStart), escaped: false), end)
        case UInt8(ascii: "#"):
            return (.sectionOpen(try tagName(contentStart + 1, close, at: tagStart), inverted: false), end)
        case UInt8(ascii: "^"):
            return (.sectionOpen(try tagName(contentStart + 1, close, at: tagStart), inverted: true), end)
        case UInt8(ascii: "/"):
            return (.sectionClose(try tagName(contentStart + 1, close, at: tagStart)), end)
        case UInt8(ascii: ">"):
            return (.partial(try tagName(contentStart + 1, close, at: tagStart)), end)
        case UInt8(ascii: "="):
            let text = string(contentStart, close)
            guard close > contentStart + 1, bytes[close - 1] == UInt8(ascii: "=") else {
                throw error(.invalidDelimiters(text), at: tagStart)
            }
            let parts = bytes[(contentStart + 1)..<(close - 1)].split(whereSeparator: Self.isBlank)
            guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
                throw error(.invalidDelimiters(text), at: tagStart)
            }
            return (.setDelimiters(Array(parts[0]), Array(parts[1])), end)
        default:
            return (.variable(try tagName(contentStart, close, at: tagStart), escaped: true), end)
        }
    }

    private func tagName(_ start: Int, _ end: Int, at tagStart: Int) throws(MustacheError) -> String {
        var lower = start
        var upper = end
        while lower < upper, Self.isBlank(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isBlank(bytes[upper - 1]) { upper -= 1 }
        guard upper > lower else { throw error(.emptyTag, at: tagStart) }
        return string(lower, upper)
    }

    // MARK: Standalone lines

    /// The start of the tag's line when only spaces or tabs (and no other tag) precede the tag on it.
    private func startOfLine(before tagStart: Int, notBefore lowerBound: Int) -> Int? {
        var index = tagStart
        while index > lowerBound {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: "\n") { return index }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return nil }
            index -= 1
        }
        // Reached the end of the previous tag (or the template start): only a line start
        // if that is the very beginning or the previous tag consumed a newline.
        return index == 0 || bytes[index - 1] == UInt8(ascii: "\n") ? index : nil
    }

    /// The offset just past the tag's line ending when only spaces or tabs follow the tag.
    private func endOfStandaloneLine(after tagEnd: Int) -> Int? {
        var index = tagEnd
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        if index == bytes.count { return index }
        if bytes[index] == UInt8(ascii: "\n") { return index + 1 }
        if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
            return index + 2
        }
        return nil
    }

    // MARK: Helpers

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func error(_ kind: MustacheError.Kind, at offset: Int) -> MustacheError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return MustacheError(kind, templateName: templateName, line: line, column: column)
    }
}
