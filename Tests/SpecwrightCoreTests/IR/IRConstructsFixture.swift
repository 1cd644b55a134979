import SpecwrightCore

/// A hand-built IR with the constructs an OpenAPI importer needs but the YAML front end cannot
/// express yet: unions with and without a discriminator, integer enums, aliases, nested types,
/// `allOf` composition, and binary, form (objects in deepObject style, joined arrays, untyped
/// values) and multipart (repeated and JSON parts) bodies. Its rendering is committed under
/// `Tests/Generated/GeneratedConstructsClientTests/Generated/constructs/` and compiled there.
enum IRConstructsFixture {
    static func id(_ name: String) -> IR.Identifier { NameScope.standalone(name) }
    static func literal(_ text: String) -> IR.StringLiteral { IR.StringLiteral(text) }
    static func type(_ name: String) -> IR.TypeName {
        IR.TypeName(id: .pointer("constructs", name), identifier: id(name))
    }
    static func named(_ name: String) -> IR.TypeReference { .named(type(name)) }

    static let types: [IR.TypeDeclaration] = [
        .structure(
            IR.Structure(
                name: type("Cat"), documentation: IR.Documentation("A cat."),
                properties: [
                    IR.Property(name: id("kind"), jsonKey: literal("kind"), type: .builtin(.string)),
                    IR.Property(name: id("lives"), jsonKey: literal("lives"), type: .builtin(.int32))
                ])),
        .structure(
            IR.Structure(
                name: type("Dog"), documentation: .none,
                properties: [
                    IR.Property(name: id("kind"), jsonKey: literal("kind"), type: .builtin(.string)),
                    IR.Property(
                        name: id("barkVolume"), jsonKey: literal("bark_volume"), type: .optional(.builtin(.float))),
                    IR.Property(
                        name: id("chipId"), jsonKey: literal("chip_id"), type: .optional(.builtin(.string)),
                        encodesNull: true),
                    IR.Property(
                        name: id("nickname"), jsonKey: literal("nickname"), type: .optional(.builtin(.string)),
                        nilEncoding: .chosen),
                    IR.Property(
                        name: id("toys"), jsonKey: literal("toys"), type: .optional(.array(.builtin(.string))),
                        nilEncoding: .chosen)
                ])),
        .union(
            IR.Union(
                name: type("Pet"), documentation: IR.Documentation("oneOf with a discriminator."), kind: .oneOf,
                cases: [
                    IR.UnionCase(
                        name: id("cat"), type: named("Cat"), discriminatorValues: [literal("cat"), literal("kitten")]),
                    IR.UnionCase(name: id("dog"), type: named("Dog"), discriminatorValues: [literal("dog")])
                ],
                discriminator: literal("kind"))),
        .union(
            IR.Union(
                name: type("IdOrName"),
                documentation: IR.Documentation("anyOf without a discriminator: the first that decodes."),
                kind: .anyOf,
                cases: [
                    IR.UnionCase(name: id("id"), type: .builtin(.int64)),
                    IR.UnionCase(name: id("name"), type: .builtin(.string))
                ])),
        .union(
            IR.Union(
                name: type("Measure"),
                documentation: IR.Documentation("A number or a text: `==` stays reflexive for NaN."),
                kind: .anyOf,
                cases: [
                    IR.UnionCase(name: id("number"), type: .builtin(.double)),
                    IR.UnionCase(name: id("text"), type: .builtin(.string))
                ])),
        .union(
            IR.Union(
                name: type("Reference"),
                documentation: IR.Documentation(
                    "Types JSONEncoder codes itself (`Date` by its strategy, `URL` as its text) inside a union."),
                kind: .oneOf,
                cases: [
                    IR.UnionCase(name: id("at"), type: .builtin(.date)),
                    IR.UnionCase(name: id("link"), type: .builtin(.url))
                ])),
        .integerEnum(
            IR.IntegerEnum(
                name: type("Priority"), documentation: IR.Documentation("An integer enum."),
                cases: [
                    IR.IntegerEnumCase(name: id("low"), rawValue: 1),
                    IR.IntegerEnumCase(name: id("high"), rawValue: 10, documentation: IR.Documentation("Urgent."))
                ],
                unknownCaseName: id("unknown"))),
        .alias(
            IR.Alias(
                name: type("Pets"), documentation: IR.Documentation("A named array schema."), type: .array(named("Pet"))
            )),
        .structure(
            IR.Structure(
                name: type("Owner"), documentation: IR.Documentation("Composed with allOf from a base."),
                properties: [
                    IR.Property(name: id("name"), jsonKey: literal("name"), type: .builtin(.string)),
                    IR.Property(
                        name: id("pets"), jsonKey: literal("pets"), type: named("Pets"),
                        defaultValue: nil, documentation: .none),
                    IR.Property(
                        name: id("address"), jsonKey: literal("address"), type: .optional(named("Address"))),
                    IR.Property(name: id("priority"), jsonKey: literal("priority"), type: named("Priority"))
                ],
                nestedTypes: [
                    .structure(
                        IR.Structure(
                            name: type("Address"), documentation: IR.Documentation("An inline schema."),
                            properties: [
                                IR.Property(name: id("city"), jsonKey: literal("city"), type: .builtin(.string))
                            ]))
                ],
                composedOf: [named("Named")]))
    ]

    static let uploads = IR.EndpointGroup(
        propertyName: id("uploads"), enumName: id("UploadsEndpoint"), protocolName: id("UploadsAPI"),
        clientName: id("UploadsClient"), documentation: IR.Documentation("The `uploads` endpoints."),
        endpoints: [
            IR.Endpoint(
                name: id("avatar"), operationName: literal("uploads.avatar"), method: .put, documentation: .none,
                path: [
                    IR.PathSegment(pieces: [.literal(literal("avatars"))]),
                    IR.PathSegment(pieces: [.parameter(id("owner")), .literal(literal(".png"))])
                ],
                parameters: [
                    IR.Parameter(name: id("owner"), wireName: literal("owner"), location: .path, type: .builtin(.uuid)),
                    IR.Parameter(name: id("body"), wireName: literal("body"), location: .body, type: .builtin(.data))
                ],
                body: .binary(contentType: literal("image/png")), response: .none, errors: [],
                options: IR.EndpointOptions(), batch: nil),
            IR.Endpoint(
                name: id("login"), operationName: literal("uploads.login"), method: .post, documentation: .none,
                path: [IR.PathSegment(pieces: [.literal(literal("login"))])],
                parameters: [
                    IR.Parameter(
                        name: id("user"), wireName: literal("user"), location: .formField, type: .builtin(.string)),
                    IR.Parameter(
                        name: id("remember"), wireName: literal("remember"), location: .formField,
                        type: .optional(.builtin(.bool))),
                    IR.Parameter(
                        name: id("pet"), wireName: literal("pet"), location: .formField, type: .optional(named("Cat")),
                        objectStyle: .deepObject),
                    IR.Parameter(
                        name: id("codes"), wireName: literal("codes"), location: .formField,
                        type: .optional(.array(.builtin(.int))),
                        arraySeparator: ","),
                    IR.Parameter(
                        name: id("extra"), wireName: literal("extra"), location: .formField,
                        type: .optional(named("JSONValue")))
                ],
                body: .formURLEncoded, response: .json(named("Owner")), errors: [],
                options: IR.EndpointOptions(), batch: nil),
            IR.Endpoint(
                name: id("document"), operationName: literal("uploads.document"), method: .post, documentation: .none,
                path: [IR.PathSegment(pieces: [.literal(literal("documents"))])],
                parameters: [
                    IR.Parameter(
                        name: id("title"), wireName: literal("title"),
                        location: .multipartPart(filename: nil, contentType: nil), type: .builtin(.string)),
                    IR.Parameter(
                        name: id("file"), wireName: literal("file"),
                        location: .multipartPart(
                            filename: literal("document.pdf"), contentType: literal("application/pdf")),
                        type: .builtin(.data)),
                    IR.Parameter(
                        name: id("priority"), wireName: literal("priority"),
                        location: .multipartPart(filename: nil, contentType: nil), type: .optional(named("Priority"))),
                    IR.Parameter(
                        name: id("tags"), wireName: literal("tags"),
                        location: .multipartPart(filename: nil, contentType: nil),
                        type: .optional(.array(.builtin(.string)))),
                    IR.Parameter(
                        name: id("photo"), wireName: literal("photo"),
                        location: .multipartPart(filename: nil, contentType: literal("image/png")),
                        type: .builtin(.file)),
                    IR.Parameter(
                        name: id("attachments"), wireName: literal("attachments"),
                        location: .multipartPart(filename: nil, contentType: nil),
                        type: .optional(.array(.builtin(.file)))),
                    IR.Parameter(
                        name: id("meta"), wireName: literal("meta"),
                        location: .multipartPart(filename: nil, contentType: nil), type: .optional(named("Cat")))
                ],
                body: .multipart, response: .json(named("Pet")),
                errors: [IR.ErrorBody(status: nil, type: named("IdOrName"))],
                options: IR.EndpointOptions(retry: IR.Retry(maxRetries: 0, baseDelay: 0, maxDelay: 0)), batch: nil)
        ])

    static let api = IR.API(
        sourceFile: "constructs (hand-built IR)", name: id("Constructs"),
        documentation: IR.Documentation("IR-only constructs."),
        service: IR.Service(
            name: literal("Constructs"), baseURL: literal("https://constructs.example"), headers: [],
            auth: .apiKeyQuery(literal("key")),
            dates: .secondsSince1970, envelope: nil, timeout: 10,
            retry: IR.Retry(maxRetries: 2, baseDelay: 1, maxDelay: 4),
            cache: .networkFirst(ttl: 30)),
        types: types, groups: [uploads], clientTypeName: id("ConstructsClient"))
}
