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
