/// Walks parsed nodes against a context stack and writes the output.
///
/// Standalone partials indent every line their template text starts (not the lines inside
/// interpolated values, per the spec); blank lines stay free of trailing whitespace.
struct Renderer {
    /// How deeply partials may nest before rendering stops with an error.
    static let maximumPartialDepth = 256

    let partials: [String: Template]
    let escaping: Escaping
    private(set) var output = ""
    private var contexts: [MustacheValue]
    private var indentation = ""
    private var atLineStart = true
    private var partialDepth = 0

    init(context: MustacheValue, partials: [String: Template], escaping: Escaping) {
        self.partials = partials
        self.escaping = escaping
        contexts = [context]
    }

    mutating func render(_ nodes: [Node], templateName: String) throws(MustacheError) {
        for node in nodes {
            switch node {
            case .text(let text):
                writeTemplateText(text)
            case .variable(let path, let escaped):
                let text = resolve(path).renderedText
                writeValue(escaped ? escaping.escape(text) : text)
            case .section(let path, let children, let inverted):
                let value = resolve(path)
                if inverted {
                    if !value.isTruthy { try render(children, templateName: templateName) }
                } else if case .list(let items) = value {
                    for item in items {
                        contexts.append(item)
                        try render(children, templateName: templateName)
                        contexts.removeLast()
                    }
                } else if value.isTruthy {
                    contexts.append(value)
                    try render(children, templateName: templateName)
                    contexts.removeLast()
                }
            case .partial(let name, let partialIndentation):
                guard let partial = partials[name] else { continue }
                guard partialDepth < Self.maximumPartialDepth else {
                    throw MustacheError(.partialDepthExceeded(name), templateName: templateName, line: 0, column: 0)
                }
                let saved = indentation
                indentation += partialIndentation
                partialDepth += 1
                try render(partial.nodes, templateName: partial.name)
                partialDepth -= 1
                indentation = saved
            }
        }
    }

    /// Looks `path` up: the first name through the context stack (innermost first), the rest
    /// strictly inside what was found. Anything missing is `.null`.
    private func resolve(_ path: NamePath) -> MustacheValue {
        guard let first = path.components.first else { return contexts.last ?? .null }
        var found: MustacheValue?
        for context in contexts.reversed() {
            if let value = context[first] {
                found = value
                break
            }
        }
        guard var current = found else { return .null }
        for component in path.components.dropFirst() {
            guard let next = current[component] else { return .null }
            current = next
        }
        return current
    }

    private mutating func writeTemplateText(_ text: String) {
        let newline = UInt8(ascii: "\n")
        guard !indentation.isEmpty else {
            output += text
            if let last = text.utf8.last { atLineStart = last == newline }
            return
        }
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        while lineStart < utf8.endIndex {
            let newlineIndex = utf8[lineStart...].firstIndex(of: newline)
            let lineEnd = newlineIndex.map { utf8.index(after: $0) } ?? utf8.endIndex
            let first = utf8[lineStart]
            if atLineStart, first != newline, first != UInt8(ascii: "\r") {
                output += indentation
            }
            output += text[lineStart..<lineEnd]
            atLineStart = newlineIndex != nil
            lineStart = lineEnd
        }
    }

    private mutating func writeValue(_ text: String) {
        guard !text.isEmpty else { return }
        if atLineStart, !indentation.isEmpty { output += indentation }
        output += text
        atLineStart = false
    }
}
