import SpecwrightYAML

/// A decoded and validated spec (format version 1, see `docs/spec-format.md`).
///
/// Immutable; every collection keeps the order of the spec so that generated output is
/// deterministic. Obtain one with ``SpecLoader/load(bytes:file:)``.
public struct SpecDocument: Hashable, Sendable {
    /// The file name the spec was loaded from (as given to the loader).
    public let file: String
    /// The `specwright:` format version (always 1 for now).
    public let formatVersion: Int
    /// The service name, the Swift prefix of generated declarations (`Bookstore` → `BookstoreClient`).
    public let name: Located<String>
    /// Free text describing the service.
    public let description: String?
    /// The absolute http(s) URL every endpoint path is appended to.
    public let baseURL: Located<String>
    /// Static headers sent with every request, in spec order.
    public let headers: [StaticHeader]
    /// How requests authenticate unless an endpoint overrides it.
    public let auth: AuthSetting
    /// How property names map to JSON keys when a property has no `key:`.
    public let jsonKeys: JSONKeyStyle
    /// How `Date` values are encoded in JSON.
    public let dates: DateEncoding
    /// The response envelope, when every JSON response is wrapped.
    public let envelope: EnvelopeSetting?
    /// Timeout, retry and cache settings that endpoints inherit.
    public let defaults: EndpointDefaults
    /// The declared types, in spec order.
    public let types: [TypeDefinition]
    /// The endpoint groups, in spec order.
    public let groups: [EndpointGroup]

    /// The declared type called `name`, if any.
    public func type(named name: String) -> TypeDefinition? {
        types.first { $0.name == name }
    }

    /// Every endpoint of every group, in spec order.
    public var allEndpoints: [Endpoint] {
        groups.flatMap(\.endpoints)
    }
}

/// A static header from the spec's top-level `headers:`.
public struct StaticHeader: Hashable, Sendable {
    /// The header name, as written.
    public let name: String
    /// The header value, as written.
    public let value: String
    /// Where the header's name is written.
    public let location: SourceLocation
}
