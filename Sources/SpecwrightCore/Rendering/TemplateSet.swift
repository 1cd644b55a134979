import Foundation
import Mustache
import SpecwrightTemplates

/// The templates a rendering run uses: the embedded defaults, each optionally replaced by a
/// `<name>.mustache` file from a user directory (`--templates DIR`).
public struct TemplateSet: Sendable {
    /// The parsed templates (unescaped rendering: values are already valid Swift).
    public let library: TemplateLibrary
    /// The names of templates that came from the override directory, sorted.
    public let overridden: [String]
    /// The text of each overridden template, by name (part of a generation's ``Provenance``).
    public let overrideSources: [String: String]

    /// A template set failure: an unreadable override or a malformed template.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The override directory could not be listed.
        case unreadableDirectory(String)
        /// A template does not parse.
        case invalidTemplate(MustacheError)
        /// A required top-level template is missing.
        case missingTemplate(String)

        /// A compiler-style message.
        public var description: String {
            switch self {
            case .unreadableDirectory(let path): "\(path): error: cannot read the templates directory"
            case .invalidTemplate(let error): error.description
            case .missingTemplate(let name): "error: no template named '\(name)'"
            }
        }
    }

    /// The embedded default templates.
    public static func defaults() throws(Failure) -> TemplateSet {
        try TemplateSet(sources: EmbeddedTemplates.sources, overridden: [])
    }

    /// The defaults with every `*.mustache` file in `directory` replacing the template of its name.
    public static func overriding(with directory: URL) throws(Failure) -> TemplateSet {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .unreadableDirectory(directory.path)
        }
        var sources = EmbeddedTemplates.sources
        var overridden: [String] = []
        for file in files.sorted() where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) else {
                throw .unreadableDirectory(directory.appendingPathComponent(file).path)
            }
            sources[name] = String(decoding: data, as: UTF8.self)
            overridden.append(name)
        }
        return try TemplateSet(sources: sources, overridden: overridden)
    }

    /// Parses `sources` (name → template text).
    public init(sources: [String: String], overridden: [String] = []) throws(Failure) {
        do throws(MustacheError) {
            library = try TemplateLibrary(sources: sources, escaping: .none)
        } catch {
            throw .invalidTemplate(error)
        }
        self.overridden = overridden
        overrideSources = sources.filter { overridden.contains($0.key) }
    }

    /// Renders the template called `name`.
    func render(_ name: String, context: MustacheValue) throws(Failure) -> String {
        let text: String?
        do throws(MustacheError) {
            text = try library.render(name, context: context)
        } catch {
            throw .invalidTemplate(error)
        }
        guard let text else { throw .missingTemplate(name) }
        return text
    }
}
