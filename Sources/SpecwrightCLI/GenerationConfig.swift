import Foundation
import SpecwrightCore
import SpecwrightYAML

/// Per-spec generation settings from the optional config file next to a spec
/// (`bookstore.specwright-config.yaml` beside `bookstore.specwright.yaml`), used by the
/// SwiftPM plugins and by `specwright generate --config FILE`:
///
/// ```yaml
/// access: internal          # public (default) | package | internal
/// templates: MyTemplates    # a folder of .mustache overrides, relative to this file
/// mutableProperties: true   # `var` properties on generated objects (default: `let`)
/// ```
///
/// Options given on the command line win over the file.
public struct GenerationConfig: Hashable, Sendable {
    /// The access level of the generated API, when the file sets it.
    public var access: AccessLevel?
    /// The templates folder (already resolved against the config file's folder), when set.
    public var templatesDirectory: String?
    /// Whether generated objects get `var` properties, when the file sets it.
    public var mutableProperties: Bool?

    /// The keys the file may contain.
    static let keys = ["access", "templates", "mutableProperties"]

    /// Creates a config.
    public init(access: AccessLevel? = nil, templatesDirectory: String? = nil, mutableProperties: Bool? = nil) {
        self.access = access
        self.templatesDirectory = templatesDirectory
        self.mutableProperties = mutableProperties
    }

    /// Reads a config file's bytes; every problem is a located diagnostic.
    public static func parse(_ bytes: [UInt8], file: String) -> (config: GenerationConfig?, diagnostics: [Diagnostic]) {
        let root: Node
        do {
            root = try YAMLParser.parseDocument(bytes, file: file)
        } catch {
            return (nil, [Diagnostic(.error, error.message, at: error.location)])
        }
        if case .scalar(let scalar) = root.kind, scalar.value == .null {
            return (GenerationConfig(), [])
        }
        guard let entries = root.mapping else {
            return (nil, [Diagnostic(.error, "a generation config must be a mapping of settings", at: root.location)])
        }
        var config = GenerationConfig()
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            let key = entry.key.scalar?.text ?? ""
            switch key {
            case "access":
                let value = entry.value.string ?? ""
                if let access = AccessLevel(rawValue: value) {
                    config.access = access
                } else {
                    diagnostics.append(Diagnostic(.error, "'access' must be public, package or internal, not '\(value)'",
                                                  at: entry.value.location))
                }
            case "templates":
                if let value = entry.value.string, !value.isEmpty {
                    let base = URL(fileURLWithPath: file).deletingLastPathComponent()
                    config.templatesDirectory = value.hasPrefix("/") ? value : base.appendingPathComponent(value).path
                } else {
                    diagnostics.append(Diagnostic(.error, "'templates' must be a folder path", at: entry.value.location))
                }
            case "mutableProperties":
                if case .scalar(let scalar) = entry.value.kind, case .bool(let flag) = scalar.value {
                    config.mutableProperties = flag
                } else {
                    diagnostics.append(Diagnostic(.error, "'mutableProperties' must be true or false", at: entry.value.location))
                }
            default:
                let hint = Suggestions.closest(to: key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(Diagnostic(.error, "unknown key '\(key)' in generation config\(hint)", at: entry.key.location,
                                              suggestion: Suggestions.closest(to: key, in: keys)))
            }
        }
        return (diagnostics.isEmpty ? config : nil, diagnostics)
    }
}
