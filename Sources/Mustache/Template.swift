/// A parsed Mustache template: parse once, render many times.
///
/// Supports variables (escaped, `{{{…}}}`, `{{&…}}`), dotted names, the implicit iterator
/// `{{.}}`, sections over lists, booleans and objects, inverted sections, partials (with
/// standalone indentation), comments and set delimiters, with the spec's standalone-line rules.
public struct Template: Sendable, Hashable {
    /// The name used in error messages and as the partial name in a `TemplateLibrary`.
    public let name: String
    let nodes: [Node]

    /// Parses `source`; throws a located `MustacheError` for malformed templates.
    public init(_ source: String, name: String = "template") throws(MustacheError) {
        self.name = name
        var parser = Parser(source: source, templateName: name)
        nodes = try parser.parse()
    }

    /// Renders against `context`, resolving `{{>name}}` in `partials` (a missing partial renders nothing).
    public func render(
        _ context: MustacheValue, partials: [String: Template] = [:], escaping: Escaping = .html
    ) throws(MustacheError) -> String {
        var renderer = Renderer(context: context, partials: partials, escaping: escaping)
        try renderer.render(nodes, templateName: name)
        return renderer.output
    }
}

/// A named set of templates that can include each other as partials.
public struct TemplateLibrary: Sendable {
    /// The templates by name.
    public let templates: [String: Template]
    /// The escaping `{{name}}` tags apply.
    public let escaping: Escaping

    /// Parses every source; names are the keys (how partial tags refer to them).
    public init(sources: [String: String], escaping: Escaping) throws(MustacheError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try Template(source, name: name)
        }
        self.templates = templates
        self.escaping = escaping
    }

    /// Renders the template called `name`, or `nil` when the library has none by that name.
    public func render(_ name: String, context: MustacheValue) throws(MustacheError) -> String? {
        guard let template = templates[name] else { return nil }
        return try template.render(context, partials: templates, escaping: escaping)
    }
}
