/// The IR passes, in the one order they run for every front end:
///
/// 1. **filter** (``OperationFilter/selectingEndpoints(of:matched:)``): only the endpoints the
///    generation config's `filter` selects, matched by their ``IR/EndpointSource``; what the
///    front end reported about an endpoint the filter leaves out is withdrawn with it.
/// 2. **policy overlay** (``PolicyOverlay``, `PolicyOverlay+Pass.swift`): the document's own
///    per-operation settings (an OpenAPI `x-specwright`), then the generation config's `defaults`,
///    `envelope` and `policies` rules; names in them are resolved and checked here.
/// 3. **reachability** (``IR/API/keepingUsedTypes(plus:)``): with a filter, only the types the
///    kept endpoints use and the listed `schemas`; then a warning per filter entry that matched
///    nothing.
/// 4. **recursion boxing** (``RecursionBoxing``): a struct that contains itself (directly or
///    through other types, optional or not) holds the recursive value in an `indirect enum` box.
/// 5. **naming** (``TypeNaming``): the OpenAPI operations' method names (``EndpointNameRequests``),
///    then the final module-level type names, from the requests the front end recorded
///    (``TypeNameRequests``) replayed in their order over what the filter and reachability kept,
///    so a kept operation or type never yields its name to one left out; the boxes are named
///    last, then the members of types. Rename warnings that no longer hold are withdrawn, new
///    ones added.
///
/// Reachability and boxing follow types by identity (``IR/TypeID``), not by Swift name; default
/// and fixed-value expressions hold the types they name by identity too, so
/// ``IR/API/renamingTypes(_:)`` renames a type everywhere. The members of types (properties,
/// enum cases) are named by the pass too, from the front ends' ``MemberNameRequests``; other
/// member names (parameters, group properties, union cases) are still given by the front ends
/// while they translate (`docs/ir.md`).
enum IRPasses {
    /// The API after the passes and what they reported.
    struct Output {
        /// The transformed API.
        var api: IR.API
        /// What the passes report: filter entries that match nothing (warnings), policy settings
        /// that name nothing or do not fit their operation (errors).
        var diagnostics: [Diagnostic]
        /// How many endpoints the filter left out, and what the front end reported about them.
        var leftOut: (endpoints: Int, diagnostics: [Diagnostic])
        /// The front end's rename warnings the naming pass withdrew, and the ones it added.
        var renames: (withdrawn: [Diagnostic], added: [Diagnostic]) = ([], [])
    }

    /// Runs every pass over `api`. `documentTypeNames` maps a type's name in the document to its
    /// Swift name (for `schemas` entries); `typeNames` are the front end's type-name requests.
    static func run(
        _ api: IR.API, filter: OperationFilter, overlay: PolicyOverlay = .none, documentTypeNames: [String: String],
        typeNames: TypeNameRequests = TypeNameRequests()
    ) -> Output {
        var matched: Set<OperationFilter.Entry> = []
        let selected = filter.selectingEndpoints(of: api, matched: &matched)
        let leftOut = selected.leftOut.flatMap(\.source.diagnostics)
        var (result, diagnostics) = overlay.apply(to: selected.api, document: api)
        if !filter.isEmpty {
            result = filter.prunedTypes(of: result, documentNames: documentTypeNames, matched: &matched)
            diagnostics += filter.unmatchedWarnings(matched)
        }
        result = RecursionBoxing.apply(to: result)
        let named = TypeNaming.apply(to: result, requests: typeNames, translated: filter.isEmpty ? nil : api)
        return Output(
            api: named.api, diagnostics: diagnostics, leftOut: (selected.leftOut.count, leftOut),
            renames: (named.withdrawn, named.added))
    }
}
