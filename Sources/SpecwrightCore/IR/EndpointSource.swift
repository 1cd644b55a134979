extension IR {
    /// Where an endpoint came from, as its document writes it: what the generation config's
    /// `filter` (and any later per-operation setting) matches an endpoint by, whichever front end
    /// made it. Not rendered.
    public struct EndpointSource: Hashable, Sendable {
        /// The names the document gives the operation: the OpenAPI `operationId` (none when the
        /// operation has none); a spec endpoint's own name and its `group.endpoint` name.
        public var names: [String]
        /// The OpenAPI tags, or the spec group's name.
        public var tags: [String]
        /// The path template as written (`/pets/{petId}`).
        public var pathTemplate: String
        /// What the front end reported while translating this operation alone; the pipeline
        /// reports them only when the filter keeps the endpoint.
        public var diagnostics: [Diagnostic]
        /// The settings the document gives the operation in a form the policy pass applies (an
        /// OpenAPI operation's `x-specwright`); nil when the front end lowered them itself.
        public var settings: OperationSettings?

        /// Creates a source identity.
        public init(
            names: [String] = [], tags: [String] = [], pathTemplate: String = "", diagnostics: [Diagnostic] = [],
            settings: OperationSettings? = nil
        ) {
            self.settings = settings
            self.names = names
            self.tags = tags
            self.pathTemplate = pathTemplate
            self.diagnostics = diagnostics
        }
    }
}
