/// A template that cannot be parsed or rendered, located in its source.
public struct MustacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// An opening delimiter without its closing delimiter.
        case unclosedTag
        /// A section opened with `{{#name}}` or `{{^name}}` and never closed.
        case unclosedSection(String)
        /// A `{{/name}}` that does not close the innermost open section.
        case unexpectedClose(expected: String?, found: String)
        /// A `{{=… …=}}` tag that does not hold exactly two delimiters.
        case invalidDelimiters(String)
        /// A tag without a name, e.g. `{{}}` or `{{#}}`.
        case emptyTag
        /// Partials nested deeper than the renderer's limit (usually infinite recursion).
        case partialDepthExceeded(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The template's name (file name for templates loaded from disk).
    public var templateName: String
    /// 1-based line of the offending tag (0 when not known).
    public var line: Int
    /// 1-based column of the offending tag (0 when not known).
    public var column: Int

    /// Creates an error at a location.
    public init(_ kind: Kind, templateName: String, line: Int, column: Int) {
        self.kind = kind
        self.templateName = templateName
        self.line = line
        self.column = column
    }

    /// `name:line:column: message`, the format editors understand.
    public var description: String {
        let message: String
        switch kind {
        case .unclosedTag: message = "tag is not closed"
        case .unclosedSection(let name): message = "section '\(name)' is not closed"
        case .unexpectedClose(let expected?, let found):
            message = "'{{/\(found)}}' closes nothing open here (expected '{{/\(expected)}}')"
        case .unexpectedClose(nil, let found): message = "'{{/\(found)}}' closes no open section"
        case .invalidDelimiters(let text): message = "invalid set-delimiter tag '\(text)'"
        case .emptyTag: message = "tag has no name"
        case .partialDepthExceeded(let name): message = "partial '\(name)' nested too deeply"
        }
        return "\(templateName):\(line):\(column): error: \(message)"
    }
}
