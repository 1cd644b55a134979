/// What a front end read: printed by `validate` and after an OpenAPI `generate`.
public enum DocumentSummary: Hashable, Sendable {
    /// A Specwright spec with this many types and endpoints.
    case specwright(types: Int, endpoints: Int)
    /// An OpenAPI document: what was generated, skipped and left out by the filter.
    case openAPI(ImportSummary)

    /// The import summary of an OpenAPI document; nil for a spec.
    public var importSummary: ImportSummary? {
        if case .openAPI(let summary) = self { return summary }
        return nil
    }
}

extension ImportSummary {
    /// Counts `count` operations as left out by the filter instead of generated, and takes the
    /// skipped constructs they reported (`diagnostics`) out of the counts.
    mutating func leaveOut(_ count: Int, reporting diagnostics: [Diagnostic]) {
        operationsGenerated -= count
        operationsFilteredOut += count
        for diagnostic in diagnostics {
            guard
                let kind = ImportWarningKind.allCases.first(where: { diagnostic.message.hasSuffix(" [\($0.rawValue)]") }
                )
            else { continue }
            skipped[kind, default: 0] -= 1
            if skipped[kind] == 0 { skipped[kind] = nil }
        }
    }
}
