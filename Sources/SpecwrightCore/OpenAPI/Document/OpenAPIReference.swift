import SpecwrightYAML

extension OpenAPI {
    /// A Reference Object: `{$ref: "#/components/parameters/limit"}`.
    struct Reference: Sendable {
        /// The `$ref` text as written.
        var text: String
        /// Where the Reference Object is.
        var location: SourceLocation
        /// Where its `$ref` key is.
        var keyLocation: SourceLocation
    }

    /// An object written in place or a Reference Object naming one.
    enum Referenceable<Value: OpenAPIObject>: Sendable {
        case reference(Reference)
        case value(Value)

        /// Where the object or the reference is written.
        var location: SourceLocation {
            switch self {
            case .reference(let reference): reference.location
            case .value(let value): value.location
            }
        }
    }
}

/// An object of the typed document (``OpenAPI``): it knows where it is written, and
/// ``OpenAPIReader`` reads it from any node (a node of the wrong kind reads as an object
/// without fields).
protocol OpenAPIObject: Sendable {
    /// Where the object is written.
    var location: SourceLocation { get }
    /// Reads the object from `node` (the conformances are the reader's, in `OpenAPIReader*.swift`).
    init(reading node: Node)
}
