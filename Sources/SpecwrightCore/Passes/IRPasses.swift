/// The IR passes, in the one order they run for every front end:
///
/// 1. **filter** (``OperationFilter/selectingEndpoints(of:matched:)``): only the endpoints the
///    generation config's `filter` selects, matched by their ``IR/EndpointSource``.
/// 2. **reachability** (``IR/API/keepingUsedTypes(plus:)``): with a filter, only the types the
///    kept endpoints use and the listed `schemas`; then a warning per filter entry that matched
///    nothing.
enum IRPasses {
    /// The API after the passes and what they reported.
    struct Output {
        /// The transformed API.
        var api: IR.API
        /// Warnings of the passes (filter entries that match nothing).
        var diagnostics: [Diagnostic]
        /// Endpoints the filter left out.
        var endpointsLeftOut: Int
    }

    /// Runs every pass over `api`. `documentTypeNames` maps a type's name in the document to its
    /// Swift name (for `schemas` entries); `filterApplied` is set when the front end already
    /// selected the operations (the OpenAPI importer, which selects before it translates).
    static func run(_ api: IR.API, filter: OperationFilter, documentTypeNames: [String: String], filterApplied: Bool) -> Output {
        guard !filter.isEmpty, !filterApplied else { return Output(api: api, diagnostics: [], endpointsLeftOut: 0) }
        var matched: Set<OperationFilter.Entry> = []
        let selected = filter.selectingEndpoints(of: api, matched: &matched)
        let pruned = filter.prunedTypes(of: selected.api, documentNames: documentTypeNames, matched: &matched)
        return Output(api: pruned, diagnostics: filter.unmatchedWarnings(matched), endpointsLeftOut: selected.leftOut)
    }
}
