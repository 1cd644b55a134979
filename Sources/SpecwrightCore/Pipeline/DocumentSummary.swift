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

    /// What `validate` prints after the file name of a valid document.
    public var validationReport: String {
        switch self {
        case .specwright(let types, let endpoints): "valid (\(types) types, \(endpoints) endpoints)"
        case .openAPI(let summary): "valid OpenAPI document (\(summary))"
        }
    }

    /// What `generate` prints after the file name once the files are written (what was imported,
    /// skipped and left out); nil when the written files say it all.
    public var generationReport: String? {
        importSummary.map { "imported \($0)" }
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

    /// Adds `change` (negative: removes) to the count of `naming` warnings: the naming pass
    /// replaces the import's rename warnings when a filter frees names.
    mutating func countNamingWarnings(_ change: Int) {
        let count = (skipped[.naming] ?? 0) + change
        skipped[.naming] = count > 0 ? count : nil
    }
}
