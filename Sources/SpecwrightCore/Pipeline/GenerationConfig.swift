import Foundation
import SpecwrightYAML

/// Per-spec generation settings from the optional config file next to a spec
/// (`bookstore.specwright-config.yaml` beside `bookstore.specwright.yaml`), used by the
/// SwiftPM plugins and by `specwright generate --config FILE`:
///
/// ```yaml
/// access: internal          # public (default) | package | internal
/// templates: MyTemplates    # a folder of .mustache overrides, relative to this file
/// mutableProperties: true   # `var` properties on generated objects (default: `let`)
/// shards: 8                # split the output into 8 shards of files (default: by the document's
///                           #   size, ShardLayout); on a line of its own: the build plugin reads it
/// operationNames: operationId  # OpenAPI: keep operationIds as written (default `idiomatic`:
///                           #   `read_item_items__item_id__get` → `readItem`, see OperationName)
/// filter:                   # generate only these operations and the types they use
///   operations: [createCall, fetchCall]   # OpenAPI operationId / spec endpoint (`list`, `books.list`)
///   tags: [Calls]                         # OpenAPI tag / spec group
///   paths: [/2010-04-01/Accounts/{AccountSid}/Calls.json]
///   schemas: [ApiV2010AccountCall]        # types to generate even when unused
/// defaults: { cache: http, timeout: 20 }  # the service's defaults (the spec's `defaults:`)
/// envelope: { code: code, message: message, data: data, success: [0] }
/// policies:                 # per operation / tag / path (+ methods): the spec's endpoint settings
///   - tags: [Calls]
///     methods: [get]
///     cache: { policy: staleWhileRevalidate, ttl: 60 }
///   - operations: [createCall]
///     idempotent: true
///     invalidates: [fetchCall]
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
    /// How OpenAPI operationIds become method names, when the file sets it.
    public var operationNaming: OperationNaming?
    /// How many shards of files to generate, when the file sets it (``ShardLayout``).
    public var shards: Int?
    /// Which operations to generate (everything when the file has no `filter`).
    public var filter: OperationFilter = .all
    /// Runtime policies on top of the document: `defaults`, `envelope`, `policies` (``PolicyOverlay``).
    public var overlay: PolicyOverlay = .none

    /// The keys the file may contain.
    static let keys =
        ["access", "templates", "mutableProperties", "operationNames", "shards", "filter"] + PolicyOverlay.configKeys
    /// The keys of `filter`.
    static let filterKeys = ["operations", "tags", "paths", "schemas"]

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
                    diagnostics.append(
                        Diagnostic(
                            .error, "'access' must be public, package or internal, not '\(value)'",
                            at: entry.value.location))
                }
            case "templates":
                if let value = entry.value.string, !value.isEmpty {
                    let base = URL(fileURLWithPath: file).deletingLastPathComponent()
                    config.templatesDirectory = value.hasPrefix("/") ? value : base.appendingPathComponent(value).path
                } else {
                    diagnostics.append(
                        Diagnostic(.error, "'templates' must be a folder path", at: entry.value.location))
                }
            case "mutableProperties":
                if case .scalar(let scalar) = entry.value.kind, case .bool(let flag) = scalar.value {
                    config.mutableProperties = flag
                } else {
                    diagnostics.append(
                        Diagnostic(.error, "'mutableProperties' must be true or false", at: entry.value.location))
                }
            case "shards":
                if let problem = shardsProblem(entry) {
                    diagnostics.append(Diagnostic(.error, problem, at: entry.value.location))
                } else if case .scalar(let scalar) = entry.value.kind, case .int(let count) = scalar.value {
                    config.shards = count
                }
            case "operationNames":
                let value = entry.value.string ?? ""
                if let naming = OperationNaming(rawValue: value) {
                    config.operationNaming = naming
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .error, "'operationNames' must be idiomatic or operationId, not '\(value)'",
                            at: entry.value.location))
                }
            case "filter":
                config.filter = parseFilter(entry.value, diagnostics: &diagnostics)
            case "defaults", "envelope", "policies":
                config.overlay.read(key, entry, file: file, diagnostics: &diagnostics)
            default:
                let hint = Suggestions.closest(to: key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(
                    Diagnostic(
                        .error, "unknown key '\(key)' in generation config\(hint)", at: entry.key.location,
                        suggestion: Suggestions.closest(to: key, in: keys)))
            }
        }
        return (diagnostics.isEmpty ? config : nil, diagnostics)
    }

    /// Reads `filter:`, a mapping of `operations`, `tags`, `paths` and `schemas` to lists of names.
    private static func parseFilter(_ node: Node, diagnostics: inout [Diagnostic]) -> OperationFilter {
        guard let entries = node.mapping else {
            diagnostics.append(
                Diagnostic(
                    .error, "'filter' must be a mapping of operations, tags, paths and schemas", at: node.location))
            return .all
        }
        var filter = OperationFilter()
        for entry in entries {
            let key = entry.key.scalar?.text ?? ""
            guard filterKeys.contains(key) else {
                let suggestion = Suggestions.closest(to: key, in: filterKeys)
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "unknown key '\(key)' in 'filter'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""),
                        at: entry.key.location, suggestion: suggestion))
                continue
            }
            var names: [OperationFilter.Entry] = []
            for item in entry.value.sequence ?? [entry.value] {
                if let name = item.string, !name.isEmpty {
                    names.append(OperationFilter.Entry(name, at: item.location))
                } else {
                    diagnostics.append(Diagnostic(.error, "'filter.\(key)' must list names", at: item.location))
                }
            }
            switch key {
            case "operations": filter.operations = names
            case "tags": filter.tags = names
            case "paths": filter.paths = names
            default: filter.schemas = names
            }
        }
        return filter
    }

    /// Why a `shards` entry is not usable, or nil. The value must be a whole number from 1 to
    /// ``ShardLayout/maxCount`` written plainly on a line of its own (`shards: 8` at the start of
    /// the line), the one form the build plugin, which cannot parse YAML, reads the same way.
    private static func shardsProblem(_ entry: MappingEntry) -> String? {
        guard case .scalar(let scalar) = entry.value.kind, case .int(let count) = scalar.value,
            (1...ShardLayout.maxCount).contains(count)
        else { return "'shards' must be a whole number from 1 to \(ShardLayout.maxCount)" }
        guard entry.key.location.column == 1, entry.key.location.line == entry.value.location.line,
            scalar.text == String(count)
        else { return "write 'shards: \(count)' plainly at the start of a line: the build plugin reads it only there" }
        return nil
    }
}
