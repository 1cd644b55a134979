import Foundation
import SpecwrightYAML

/// Turns the YAML node tree of a spec into a ``SpecDocument``, reporting every problem it can
/// decide locally (unknown keys, missing keys, wrong scalar kinds, malformed type expressions,
/// paths, settings). Cross-references are checked afterwards by ``SpecValidator``.
///
/// Decoding is best effort: after an error it goes on with the rest of the file so that one run
/// reports all errors; a document decoded with errors must not be used.
struct SpecDecoder {
    var diagnostics: DiagnosticBag
    let file: String
    /// Parse results of compound type expressions by text: large specs repeat the same few
    /// (`[String: Date]`, `String?`), and parsing is a pure function of the text.
    var parsedTypeExpressions: [String: Result<TypeExpressionParser.Parsed, TypeExpressionParser.Failure>] = [:]

    init(file: String, diagnostics: DiagnosticBag = DiagnosticBag()) {
        self.file = file
        self.diagnostics = diagnostics
    }

    static let topLevelKeys = [
        "specwright", "name", "description", "baseURL", "headers", "auth", "jsonKeys", "dates",
        "envelope", "defaults", "types", "endpoints"
    ]

    /// Decodes the document root; nil only when the root is not a mapping at all.
    mutating func decodeDocument(_ root: Node) -> SpecDocument? {
        if let scalar = root.scalar, case .null = scalar.value, scalar.style == .plain {
            diagnostics.error(
                "the spec is empty; it needs at least 'specwright: 1', 'name' and 'baseURL'", at: root.location)
            return nil
        }
        guard
            let reader = MappingReader(
                root, context: "the spec", allowed: Self.topLevelKeys, allowsExtensions: true, diagnostics: &diagnostics
            )
        else {
            return nil
        }
        let formatVersion = decodeFormatVersion(reader)
        let name = decodeServiceName(reader)
        let description = reader["description"].flatMap { text($0, "'description'") }
        let baseURL = decodeBaseURL(reader)
        let headers = reader["headers"].map { decodeStaticHeaders($0) } ?? []
        let auth = reader.entry("auth").flatMap { decodeAuth($0.value, owner: $0.key.location) } ?? .none
        let jsonKeys = reader["jsonKeys"].flatMap { keyword($0, "'jsonKeys'", JSONKeyStyle.self) } ?? .asIs
        let dates = reader["dates"].flatMap { keyword($0, "'dates'", DateEncoding.self) } ?? .iso8601
        let envelope = reader.entry("envelope").flatMap { decodeEnvelope($0.value, owner: $0.key.location) }
        let defaults = reader["defaults"].map { decodeDefaults($0) } ?? .standard
        let types = reader["types"].map { decodeTypes($0) } ?? []
        let groups = reader["endpoints"].map { decodeGroups($0) } ?? []
        if reader.entry("envelope") == nil {
            for endpoint in groups.flatMap(\.endpoints) {
                guard let location = endpoint.envelopeOptOut else { continue }
                diagnostics.warning(
                    "'envelope: false' of '\(endpoint.operationName)' has no effect: the service has no envelope",
                    at: location)
            }
        }
        return SpecDocument(
            file: file, formatVersion: formatVersion, name: name, description: description,
            baseURL: baseURL, headers: headers, auth: auth, jsonKeys: jsonKeys, dates: dates,
            envelope: envelope, defaults: defaults, types: types, groups: groups)
    }

    private mutating func decodeFormatVersion(_ reader: MappingReader) -> Int {
        guard let node = reader.required("specwright", diagnostics: &diagnostics) else { return 1 }
        guard let version = integer(node, "'specwright'") else { return 1 }
        if version != 1 {
            diagnostics.error(
                "unsupported spec format version \(version) (this Specwright reads version 1)", at: node.location)
        }
        return version
    }

    private mutating func decodeServiceName(_ reader: MappingReader) -> Located<String> {
        guard let node = reader.required("name", diagnostics: &diagnostics) else {
            return Located("", at: reader.location)
        }
        guard let name = text(node, "'name'") else { return Located("", at: node.location) }
        if SwiftName.upperCamelCase(name) == nil {
            diagnostics.error(
                "name '\(NodeDescription.excerpt(name))' has no letters or digits to make a Swift name",
                at: node.location)
        }
        return Located(name, at: node.location)
    }

    private mutating func decodeBaseURL(_ reader: MappingReader) -> Located<String> {
        guard let node = reader.required("baseURL", diagnostics: &diagnostics) else {
            return Located("", at: reader.location)
        }
        guard let value = text(node, "'baseURL'") else { return Located("", at: node.location) }
        if let problem = Self.baseURLProblem(value) {
            diagnostics.error("invalid baseURL '\(NodeDescription.excerpt(value))': \(problem)", at: node.location)
        }
        return Located(value, at: node.location)
    }

    /// Why `value` is not an absolute http(s) URL without query or fragment, or nil if it is one.
    static func baseURLProblem(_ value: String) -> String? {
        guard let components = URLComponents(string: value), let scheme = components.scheme else {
            return "expected an absolute URL such as https://api.example.com/v1"
        }
        guard ["http", "https"].contains(scheme.lowercased()) else {
            return "the scheme must be http or https, not '\(scheme)'"
        }
        guard let host = components.host, !host.isEmpty else {
            return "the URL has no host"
        }
        if components.query != nil || components.fragment != nil {
            return "a base URL cannot have a query or a fragment"
        }
        return nil
    }

    /// A scalar that must be one of an enum's raw values; reports others with "did you mean".
    mutating func keyword<Value: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _ type: Value.Type)
        -> Value?
    where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        guard let value = word(node, what) else { return nil }
        if let result = Value(rawValue: value) { return result }
        let hint = Suggestions.didYouMean(value, in: names)
        diagnostics.error(
            "invalid value '\(NodeDescription.excerpt(value))' for \(what) (expected \(Self.alternatives(names)))\(hint.text)",
            at: node.location, suggestion: hint.suggestion)
        return nil
    }

    /// `a, b or c`.
    static func alternatives(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
