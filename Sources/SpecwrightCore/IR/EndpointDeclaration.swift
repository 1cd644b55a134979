extension IR {
    /// A group of endpoints: one `XxxEndpoint` enum, one `XxxAPI` protocol, one `XxxClient` struct.
    public struct EndpointGroup: Hashable, Sendable {
        /// The property on the root client, e.g. `books`.
        public var propertyName: Identifier
        /// The endpoint enum, e.g. `BooksEndpoint`.
        public var enumName: Identifier
        /// The protocol apps fake in tests, e.g. `BooksAPI`.
        public var protocolName: Identifier
        /// The implementation over `APIClient`, e.g. `BooksGroup` (`NameScope.groupTypeSuffixes`).
        public var clientName: Identifier
        /// The group name as written in the spec, for doc comments (already comment-safe).
        public var documentation: Documentation
        /// Endpoints in spec order.
        public var endpoints: [Endpoint]

        /// Creates a group.
        public init(
            propertyName: Identifier, enumName: Identifier, protocolName: Identifier, clientName: Identifier,
            documentation: Documentation, endpoints: [Endpoint]
        ) {
            self.propertyName = propertyName
            self.enumName = enumName
            self.protocolName = protocolName
            self.clientName = clientName
            self.documentation = documentation
            self.endpoints = endpoints
        }
    }

    /// One HTTP operation: an enum case and a client method of the same name.
    public struct Endpoint: Hashable, Sendable {
        /// The case and method name.
        public var name: Identifier
        /// `group.endpoint` as a literal (logs, metrics, errors).
        public var operationName: StringLiteral
        /// The HTTP method.
        public var method: HTTPMethod
        /// Summary and description.
        public var documentation: Documentation
        /// The path below the base URL, one element per `/`-separated segment.
        public var path: [PathSegment]
        /// Parameters in method-signature order (path, body, query, header).
        public var parameters: [Parameter]
        /// How the request body is encoded, if there is one.
        public var body: RequestBodyKind?
        /// What a successful response holds.
        public var response: Response
        /// Typed error bodies.
        public var errors: [ErrorBody]
        /// Overrides of the service defaults.
        public var options: EndpointOptions
        /// Set when requests are split by an array parameter.
        public var batch: Batch?
        /// The operation's names, tags and path template in its document (see ``EndpointSource``).
        public var source: EndpointSource
        /// The headers the success response declares, read typed into the struct `responseHeadersName`.
        public var responseHeaders: [ResponseHeader] = []
        /// The name of the struct holding ``responseHeaders`` (the renderer makes it a `typealias`
        /// of the first struct with the same headers); nil when none are declared.
        public var responseHeadersName: Identifier?
        /// Whether a `.binary` response also gets a method that streams it into a file
        /// (`name(…, to:progress:)` → `URL`, through `APIClient.download`): the spec's
        /// `download: true`, every binary success response of an OpenAPI document.
        public var download = false
        /// Whether the path ends with `/` after its last segment (`/api/catalog/`: Django, Django REST
        /// framework and Flask routes); the request keeps the slash (the runtime's
        /// `Endpoint.hasTrailingSlash`), as servers may answer the path without it with 404.
        public var hasTrailingSlash = false

        /// Creates an endpoint.
        public init(
            name: Identifier, operationName: StringLiteral, method: HTTPMethod, documentation: Documentation,
            path: [PathSegment], parameters: [Parameter], body: RequestBodyKind?, response: Response,
            errors: [ErrorBody], options: EndpointOptions, batch: Batch?, source: EndpointSource = EndpointSource()
        ) {
            self.name = name
            self.operationName = operationName
            self.method = method
            self.documentation = documentation
            self.path = path
            self.parameters = parameters
            self.body = body
            self.response = response
            self.errors = errors
            self.options = options
            self.batch = batch
            self.source = source
        }
    }

    /// A response header an operation declares: an optional property of its headers struct.
    public struct ResponseHeader: Hashable, Sendable {
        /// The Swift property name.
        public var name: Identifier
        /// The header field name.
        public var wireName: StringLiteral
        /// The (non-optional) type the text is read as; the property is its optional.
        public var type: TypeReference
        /// The doc text.
        public var documentation: Documentation

        /// Creates a response header.
        public init(
            name: Identifier, wireName: StringLiteral, type: TypeReference, documentation: Documentation = .none
        ) {
            self.name = name
            self.wireName = wireName
            self.type = type
            self.documentation = documentation
        }
    }

    /// The HTTP method (raw value: the runtime's `HTTPMethod` case name).
    public enum HTTPMethod: String, Hashable, Sendable {
        /// GET
        case get
        /// POST
        case post
        /// PUT
        case put
        /// PATCH
        case patch
        /// DELETE
        case delete
        /// HEAD
        case head
    }

    /// One `/`-separated path segment: literal text and parameters, concatenated.
    public struct PathSegment: Hashable, Sendable {
        /// The pieces in order.
        public var pieces: [PathPiece]

        /// Creates a segment.
        public init(pieces: [PathPiece]) {
            self.pieces = pieces
        }
    }

    /// A piece of a path segment.
    public enum PathPiece: Hashable, Sendable {
        /// Literal text (the runtime percent-encodes it).
        case literal(StringLiteral)
        /// The value of the named path parameter.
        case parameter(Identifier)
    }

    /// Where a parameter's value goes in the request.
    public enum ParameterLocation: Hashable, Sendable {
        /// A `{name}` in the path.
        case path
        /// A query item (arrays repeat the key).
        case query
        /// A request header.
        case header
        /// A cookie, one `name=value` pair of the request's `Cookie` header.
        case cookie
        /// The whole body (JSON or binary).
        case body
        /// One field of a form-URL-encoded body.
        case formField
        /// One part of a multipart body; file name and content type are set for binary parts.
        case multipartPart(filename: StringLiteral?, contentType: StringLiteral?)
    }

    /// A value the caller passes.
    public struct Parameter: Hashable, Sendable {
        /// The Swift label and variable name.
        public var name: Identifier
        /// The name on the wire (query key, header name, form field or part name).
        public var wireName: StringLiteral
        /// Where the value goes.
        public var location: ParameterLocation
        /// The Swift type; optional types may be omitted by the caller.
        public var type: TypeReference
        /// The default argument, if the spec gives one (optionals default to `nil` regardless).
        public var defaultValue: Expression?
        /// Whether the value is required although it has a ``defaultValue``: the default only fills
        /// the method's argument, the value is always sent (an OpenAPI `required` parameter or form
        /// field with a `default`).
        public var requiresKey = false
        /// Its doc text.
        public var documentation: Documentation
        /// For an array query parameter or form field: send one item with the values joined by
        /// this separator (OpenAPI `explode: false` → `","`, `spaceDelimited` → `" "`,
        /// `pipeDelimited` → `"|"`) instead of repeating the key.
        public var arraySeparator: String?
        /// For a form field, query parameter, cookie, header or path parameter holding an object, a
        /// map or a union (or any value of a `content` parameter): how it is written.
        public var objectStyle: ObjectStyle
        /// For a query parameter holding a scalar or an array of scalars: its value's reserved
        /// characters are sent as they are (OpenAPI's `allowReserved`; the runtime's
        /// `QueryItem.allowsReserved`).
        public var allowsReserved = false

        /// Creates a parameter.
        public init(
            name: Identifier, wireName: StringLiteral, location: ParameterLocation, type: TypeReference,
            defaultValue: Expression? = nil, documentation: Documentation = .none, arraySeparator: String? = nil,
            objectStyle: ObjectStyle = .form
        ) {
            self.name = name
            self.wireName = wireName
            self.location = location
            self.type = type
            self.defaultValue = defaultValue
            self.documentation = documentation
            self.arraySeparator = arraySeparator
            self.objectStyle = objectStyle
        }
    }

    /// How a structured parameter is written (OpenAPI's `style`; the runtime's `FormObjectStyle`
    /// for forms, queries and cookies, `ParameterText` for headers and path segments).
    public enum ObjectStyle: Hashable, Sendable {
        /// The object's properties become fields of their own (OpenAPI's default, `form`,
        /// `explode: true`); with an `arraySeparator`, one field `name=a,1,b,2` (`explode: false`).
        case form
        /// The properties nest under the field's name: `name[property]=value`.
        case deepObject
        /// A header or path segment in OpenAPI's `simple` style: `a,1,b,2`, or `a=1,b=2` when
        /// `explode` is true.
        case simple(explode: Bool)
        /// The value's JSON text (a `content: application/json` parameter).
        case json
        /// A path parameter in OpenAPI's `label` or `matrix` style, or holding an array or object
        /// in `simple` style: the runtime's `PathSegmentText.expand`, percent-encoded, its
        /// separators literal (`.5`, `;id=3;id=4`, `a,1,b,2`).
        case path(PathStyle, explode: Bool)
    }

    /// OpenAPI's path styles (the runtime's `PathSegmentText.Style`).
    public enum PathStyle: String, Hashable, Sendable {
        /// `5`, `3,4`
        case simple
        /// `.5`, `.3,4`
        case label
        /// `;id=5`, `;id=3,4`
        case matrix
    }

    /// How a request body is encoded.
    public enum RequestBodyKind: Hashable, Sendable {
        /// The `.body` parameter encoded as JSON.
        case json
        /// The `.body` parameter sent with this content type: `Data` or a `FilePart` as is, a
        /// `String` as text (UTF-8 unless the content type names another charset).
        case binary(contentType: StringLiteral)
        /// The `.formField` parameters, URL-encoded.
        case formURLEncoded
        /// The `.multipartPart` parameters as `multipart/form-data`.
        case multipart
    }

    /// What a successful response holds.
    public enum Response: Hashable, Sendable {
        /// Nothing: the method returns `Void`.
        case none
        /// JSON decoded into the type.
        case json(TypeReference)
        /// The raw bytes (`Data`).
        case binary
        /// Text (`String`, `text/*` and XML): the bytes read with the charset the response's
        /// `Content-Type` names, UTF-8 when none (the runtime's `APIClient.sendText`).
        case text
        /// A stream of values of the type, decoded as they arrive (`text/event-stream`, JSON Lines).
        case stream(TypeReference, StreamFormat)

        /// The type the response's bytes decode to: the JSON type, or the streamed element type.
        public var decodedType: TypeReference? {
            switch self {
            case .json(let type), .stream(let type, _): return type
            case .none, .binary, .text: return nil
            }
        }
    }

    /// How a streamed response's values are framed.
    public enum StreamFormat: String, Hashable, Sendable, CaseIterable {
        /// Server-sent events (`text/event-stream`), one value per event's data.
        case serverSentEvents = "sse"
        /// JSON Lines / NDJSON (`application/jsonl`, `application/x-ndjson`), one value per line.
        case jsonLines = "jsonl"
    }

    /// A typed error body for a status (`nil`: any other non-2xx status).
    public struct ErrorBody: Hashable, Sendable {
        /// The HTTP status, or nil for "default".
        public var status: Int?
        /// The body type.
        public var type: TypeReference
        /// Whether the body is text (`text/plain`, `text/html` …) read as a `String` with the
        /// response's charset, rather than JSON.
        public var isText: Bool

        /// Creates an error body.
        public init(status: Int?, type: TypeReference, isText: Bool = false) {
            self.status = status
            self.type = type
            self.isText = isText
        }
    }

    /// Per-endpoint overrides of the service defaults (nil: inherit).
    public struct EndpointOptions: Hashable, Sendable {
        /// Timeout in seconds.
        public var timeout: Double?
        /// Retry policy.
        public var retry: Retry?
        /// Cache policy.
        public var cache: Cache?
        /// The credentials the endpoint asks for.
        public var auth: AuthRequirement
        /// Whether a POST/PATCH may be retried (an Idempotency-Key is sent).
        public var isIdempotent: Bool
        /// Whether this is the config gate.
        public var isGate: Bool
        /// Operation names whose cached responses a successful call removes.
        public var invalidates: [StringLiteral]
        /// Who decides how long cached responses stay fresh; nil: the server (the runtime's default).
        public var cacheLifetime: CacheLifetime?
        /// For the gate: seconds one successful gate call keeps it open; nil: until reset.
        public var gateMaxAge: Double?
        /// The media types of a success response that is not JSON (`image/png`, `*/*`,
        /// `application/x-ndjson` …), sent as `Accept` instead of the service's; nil: the service's.
        public var accept: StringLiteral?
        /// Whether the service's envelope applies to the responses (`envelope: false` clears it).
        public var usesEnvelope = true

        /// Creates options; the defaults inherit everything.
        public init(
            timeout: Double? = nil, retry: Retry? = nil, cache: Cache? = nil, auth: AuthRequirement = .inherit,
            isIdempotent: Bool = false, isGate: Bool = false, invalidates: [StringLiteral] = [],
            cacheLifetime: CacheLifetime? = nil, gateMaxAge: Double? = nil
        ) {
            self.cacheLifetime = cacheLifetime
            self.gateMaxAge = gateMaxAge
            self.invalidates = invalidates
            self.timeout = timeout
            self.retry = retry
            self.cache = cache
            self.auth = auth
            self.isIdempotent = isIdempotent
            self.isGate = isGate
        }
    }

    /// Batch settings: the array parameter is split into chunks fetched with bounded concurrency.
    public struct Batch: Hashable, Sendable {
        /// The array parameter that is split.
        public var parameter: Identifier
        /// Elements per request.
        public var size: Int
        /// Requests in flight at once.
        public var concurrency: Int
        /// The time limit of each request, in seconds.
        public var timeout: Double?
        /// The time limit of the whole load, in seconds.
        public var deadline: Double?
        /// Whether the method returns partial results (`BatchResult`) instead of all or nothing.
        public var partial: Bool
        /// The Swift name of the element property holding the id, when fresh elements are reused.
        public var key: Identifier?

        /// Creates batch settings.
        public init(
            parameter: Identifier, size: Int, concurrency: Int, timeout: Double? = nil, deadline: Double? = nil,
            partial: Bool = false, key: Identifier? = nil
        ) {
            self.parameter = parameter
            self.size = size
            self.concurrency = concurrency
            self.timeout = timeout
            self.deadline = deadline
            self.partial = partial
            self.key = key
        }
    }
}
