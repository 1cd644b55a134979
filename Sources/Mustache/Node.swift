/// One element of a parsed template (the AST the renderer walks).
indirect enum Node: Sendable, Hashable {
    /// Literal text, written as is.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (unescaped).
    case variable(NamePath, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(NamePath, children: [Node], inverted: Bool)
    /// `{{>name}}`; `indentation` is the whitespace before a standalone partial tag.
    case partial(String, indentation: String)
}

/// A tag name split at dots; the implicit iterator `.` has no components.
struct NamePath: Sendable, Hashable {
    /// The dot-separated parts; empty for `.`.
    var components: [String]
    /// The name as written, for error messages.
    var text: String

    init(_ text: String) {
        self.text = text
        components = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
