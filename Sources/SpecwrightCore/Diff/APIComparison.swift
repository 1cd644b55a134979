/// Compares two versions of an API in the IR both front ends produce, from the point of view
/// of a client compiled against the old one (see `docs/ci.md` for the rules).
///
/// Operations are matched by their client method (`group.name`); types by their Swift name.
public struct APIComparison {
    let old: IR.API
    let new: IR.API
    var changes: [APIChange] = []
    /// Documentation changes, dropped for a subject that also changed in a breaking way (its
    /// generated documentation often follows from that change, e.g. the credentials it lists).
    var documentationChanges: Set<APIChange> = []

    /// Every change, breaking ones first, each group in the old API's order.
    public static func changes(from old: IR.API, to new: IR.API) -> [APIChange] {
        var comparison = APIComparison(old: old, new: new)
        comparison.compareService()
        comparison.compareEndpoints()
        comparison.compareTypes()
        var seen: Set<APIChange> = []
        let brokenSubjects = Set(comparison.changes.filter { $0.kind == .breaking }.map(\.subject))
        let unique = comparison.changes.filter { change in
            seen.insert(change).inserted
                && !(comparison.documentationChanges.contains(change) && brokenSubjects.contains(change.subject))
        }
        return unique.filter { $0.kind == .breaking } + unique.filter { $0.kind == .compatible }
    }

    init(old: IR.API, new: IR.API) {
        self.old = old
        self.new = new
    }

    mutating func report(_ kind: APIChange.Kind, _ message: String, _ subject: APIChange.Subject) {
        changes.append(APIChange(kind, message, subject: subject))
    }

    /// Reports that the documentation of `what` changed (compatible).
    mutating func reportDocumentation(of what: String, _ subject: APIChange.Subject) {
        let change = APIChange(.compatible, "the documentation of \(what) changed", subject: subject)
        changes.append(change)
        documentationChanges.insert(change)
    }

    /// Auth, envelope and base URL: settings every operation depends on.
    private mutating func compareService() {
        if old.service.auth != new.service.auth {
            report(
                .breaking,
                "the API's authentication changed from \(Self.describe(old.service.auth)) to \(Self.describe(new.service.auth))",
                .service("auth"))
        }
        if old.service.envelope != new.service.envelope {
            report(
                .breaking,
                "the response envelope changed: \(Self.envelopeChange(old.service.envelope, new.service.envelope))",
                .service("envelope"))
        }
        if old.service.baseURL != new.service.baseURL {
            report(
                .compatible,
                "the base URL changed from '\(old.service.baseURL.value)' to '\(new.service.baseURL.value)' (clients use the one they were built with)",
                .service("baseURL"))
        }
        if old.documentation != new.documentation {
            report(.compatible, "the API's documentation changed", .service("documentation"))
        }
    }

    /// Operations removed, added and changed.
    private mutating func compareEndpoints() {
        let newEndpoints = Dictionary(
            Self.endpoints(of: new).map { ($0.key, $0.endpoint) }, uniquingKeysWith: { first, _ in first })
        let oldKeys = Set(Self.endpoints(of: old).map(\.key))
        for (key, endpoint) in Self.endpoints(of: old) {
            guard let replacement = newEndpoints[key] else {
                report(.breaking, "operation '\(key)' (\(Self.route(endpoint))) was removed or renamed", .endpoint(key))
                continue
            }
            compareEndpoint(endpoint, replacement, key: key)
        }
        for (key, endpoint) in Self.endpoints(of: new) where !oldKeys.contains(key) {
            report(.compatible, "operation '\(key)' (\(Self.route(endpoint))) was added", .endpoint(key))
        }
    }

    private mutating func compareEndpoint(_ old: IR.Endpoint, _ new: IR.Endpoint, key: APIEndpointKey) {
        if old.method != new.method {
            report(
                .breaking,
                "operation '\(key)' changed its method from \(old.method.rawValue.uppercased()) to \(new.method.rawValue.uppercased())",
                .endpoint(key))
        }
        if Self.pathText(old, namingParameters: false) != Self.pathText(new, namingParameters: false) {
            report(
                .breaking,
                "operation '\(key)' changed its path from '\(Self.pathText(old))' to '\(Self.pathText(new))'",
                .endpoint(key))
        }
        compareCredentials(old, new, key: key)
        if old.options.isGate != new.options.isGate {
            let change = new.options.isGate ? "became the config gate" : "is no longer the config gate"
            report(.breaking, "operation '\(key)' \(change) (other requests wait for the gate)", .endpoint(key))
        }
        if old.response != new.response {
            report(
                .breaking,
                "operation '\(key)' changed its response from \(Self.describe(old.response)) to \(Self.describe(new.response))",
                .endpoint(key))
        }
        if old.body != new.body {
            report(
                .breaking,
                "operation '\(key)' changed its request body from \(Self.describe(old.body)) to \(Self.describe(new.body))",
                .endpoint(key))
        }
        compareParameters(old.parameters, new.parameters, key: key)
        if old.documentation != new.documentation {
            reportDocumentation(of: "operation '\(key)'", .endpoint(key))
        }
    }

    /// The credentials an operation sends; an operation that inherits a changed service scheme
    /// is covered by the service's change.
    private mutating func compareCredentials(_ old: IR.Endpoint, _ new: IR.Endpoint, key: APIEndpointKey) {
        let inheritsBoth = old.options.auth == .inherit && new.options.auth == .inherit
        if inheritsBoth && self.old.service.auth != self.new.service.auth { return }
        let before = Self.effectiveAuth(old, service: self.old.service.auth)
        let after = Self.effectiveAuth(new, service: self.new.service.auth)
        guard before != after else { return }
        let change =
            switch (before, after) {
            case (_, .none): "no longer sends credentials"
            case (.none, _): "now requires credentials (\(Self.describe(after)))"
            default: "changed its credentials from \(Self.describe(before)) to \(Self.describe(after))"
            }
        report(.breaking, "operation '\(key)' \(change)", .endpoint(key))
    }

    /// The requirement with `.inherit` resolved against the service's scheme.
    static func effectiveAuth(_ endpoint: IR.Endpoint, service: IR.Auth) -> IR.AuthRequirement {
        endpoint.options.auth == .inherit ? .inherited(from: service) : endpoint.options.auth
    }

    private mutating func compareParameters(_ old: [IR.Parameter], _ new: [IR.Parameter], key: APIEndpointKey) {
        let newParameters = Dictionary(new.map { (Self.parameterKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        let oldKeys = Set(old.map(Self.parameterKey))
        for parameter in old {
            let wire = parameter.wireName.value
            let subject = APIChange.Subject.parameter(key, wireName: wire)
            guard let replacement = newParameters[Self.parameterKey(parameter)] else {
                report(
                    .compatible,
                    "\(Self.describe(parameter.location)) parameter '\(wire)' of '\(key)' was removed (old clients still send it)",
                    subject)
                continue
            }
            if parameter.type.nonOptional != replacement.type.nonOptional {
                report(
                    .breaking,
                    "parameter '\(wire)' of '\(key)' changed type from \(parameter.type.code) to \(replacement.type.code)",
                    subject)
            } else if !Self.isRequired(parameter) && Self.isRequired(replacement) {
                report(.breaking, "parameter '\(wire)' of '\(key)' became required", subject)
            }
        }
        for parameter in new where !oldKeys.contains(Self.parameterKey(parameter)) {
            let wire = parameter.wireName.value
            let subject = APIChange.Subject.parameter(key, wireName: wire)
            let place = Self.describe(parameter.location)
            if Self.isRequired(parameter) {
                report(.breaking, "operation '\(key)' has a new required \(place) parameter '\(wire)'", subject)
            } else {
                report(.compatible, "operation '\(key)' has a new optional \(place) parameter '\(wire)'", subject)
            }
        }
    }

    /// A parameter's identity: where it is sent and its wire name (a path and a form field may
    /// share a name).
    static func parameterKey(_ parameter: IR.Parameter) -> String {
        describe(parameter.location) + " " + parameter.wireName.value
    }

    /// Whether a request must hold the value: not optional, and no default or one that only fills
    /// the method's argument (``IR/Parameter/requiresKey``: an old client does not send it).
    static func isRequired(_ parameter: IR.Parameter) -> Bool {
        !parameter.type.isOptional && (parameter.defaultValue == nil || parameter.requiresKey)
    }

    /// Every operation with its key, in document order.
    static func endpoints(of api: IR.API) -> [(key: APIEndpointKey, endpoint: IR.Endpoint)] {
        api.groups.flatMap { group in
            group.endpoints.map { (APIEndpointKey(group: group.propertyName.name, name: $0.name.name), $0) }
        }
    }

    /// `GET /pets/{}`: the method and the path with every parameter as `{}`.
    static func route(_ endpoint: IR.Endpoint) -> String {
        endpoint.method.rawValue.uppercased() + " " + pathText(endpoint)
    }

    /// The path with parameters written as `{name}` (their Swift names), or as `{}` for comparing
    /// (renaming a path parameter does not move the operation).
    static func pathText(_ endpoint: IR.Endpoint, namingParameters: Bool = true) -> String {
        "/"
            + endpoint.path.map { segment in
                segment.pieces.map { piece in
                    switch piece {
                    case .literal(let text): text.value
                    case .parameter(let name): namingParameters ? "{\(name.name)}" : "{}"
                    }
                }.joined()
            }.joined(separator: "/")
    }
}
