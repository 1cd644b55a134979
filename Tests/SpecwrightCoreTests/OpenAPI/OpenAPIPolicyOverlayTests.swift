import Foundation
import Testing
@testable import SpecwrightCore

/// Issue #12 point 5 and #15 points 2–3 on the generator side: imported operations use the
/// runtime's cache by default (`CachePolicy.http`), read `x-specwright`, and a generation
/// config's `defaults` / `envelope` / `policies` set every per-operation option of the spec
/// format through the policy pass — the same way for both front ends.
@Suite struct OpenAPIPolicyOverlayTests {
    /// A pet API with a read, a batch read, a write and a config endpoint.
    static let document = """
        openapi: 3.0.3
        info: { title: Pets, version: 1.0.0 }
        servers: [{ url: https://pets.example/v1 }]
        paths:
          /pets:
            get:
              operationId: listPets
              tags: [pets]
              responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } } }
            post:
              operationId: createPet
              tags: [pets]
              requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
              responses: { '201': { description: created } }
        #CREATE#
          /pets/batch:
            get:
              operationId: petsByIds
              tags: [pets]
              parameters: [{ name: ids, in: query, required: true, explode: false, schema: { type: array, items: { type: integer } } }]
              responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } } }
        #BATCH#
          /config:
            get:
              operationId: loadConfig
              tags: [config]
              responses: { '200': { description: ok, content: { application/json: { schema: { type: object, additionalProperties: { type: string } } } } } }
        #CONFIG#
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties: { id: { type: integer }, name: { type: string } }
        """

    /// The document with `x-specwright` extensions on three operations (an empty string leaves one out).
    static func document(create: String = "", batch: String = "", config: String = "") -> String {
        let indent = { (text: String) in text.isEmpty ? "" : "      x-specwright: " + text }
        return document.replacingOccurrences(of: "#CREATE#", with: indent(create))
            .replacingOccurrences(of: "#BATCH#", with: indent(batch)).replacingOccurrences(
                of: "#CONFIG#", with: indent(config))
    }

    static let createSettings =
        "{ idempotent: true, timeout: 12, retry: { max: 5, baseDelay: 1, maxDelay: 30, statuses: [409], deadline: 60 }, invalidates: [listPets, petsByIds] }"
    static let batchSettings =
        "{ cache: { policy: cacheFirst, ttl: 120, lifetime: app }, batch: { parameter: ids, size: 50, concurrency: 2, timeout: 10, deadline: 30, key: id } }"
    static let configSettings = "{ gate: true, retry: none, cache: { policy: networkFirst, ttl: 3600 } }"

    /// The API after the passes, with the config text's overlay applied.
    static func api(_ text: String, config: String = "", file: String = "pets.yaml") throws -> (
        api: IR.API?, diagnostics: [String]
    ) {
        let parsed = GenerationConfig.parse(Array(config.utf8), file: "pets.specwright-config.yaml")
        let overlay = try #require(parsed.config, "\(parsed.diagnostics.map(\.description))").overlay
        var input = GenerationInput(bytes: Array(text.utf8), file: file)
        input.overlay = overlay
        let result = GenerationPipeline.run(input, through: .passes)
        return (result.api, result.diagnostics.map(\.description))
    }

    static func endpoint(_ api: IR.API?, _ name: String) throws -> IR.Endpoint {
        try #require(api?.groups.flatMap(\.endpoints).first { $0.source.names.contains(name) })
    }

    @Test func importedReadsAreCachedAsTheServersHeadersSayByDefault() throws {
        let imported = try Self.api(Self.document(), config: "")
        #expect(imported.api?.service.cache == .http)
        let generated = try OpenAPISupport.generate(Self.document())
        #expect(generated.swift.contains("cache: .http"))
        #expect(
            try Self.endpoint(imported.api, "listPets").options.cache == nil, "operations inherit the service's policy")
    }

    @Test func xSpecwrightExtensionsAreImported() throws {
        let text = Self.document(create: Self.createSettings, batch: Self.batchSettings, config: Self.configSettings)
        let imported = try Self.api(text)
        #expect(imported.diagnostics.isEmpty)
        let create = try Self.endpoint(imported.api, "createPet")
        #expect(create.options.isIdempotent && create.options.timeout == 12)
        #expect(
            create.options.retry == IR.Retry(maxRetries: 5, baseDelay: 1, maxDelay: 30, statuses: [409], deadline: 60))
        #expect(create.options.invalidates.map(\.value) == ["pets.listPets", "pets.petsByIds"])
        let batch = try Self.endpoint(imported.api, "petsByIds")
        #expect(batch.options.cache == .cacheFirst(ttl: 120) && batch.options.cacheLifetime == .app)
        #expect(
            batch.batch
                == IR.Batch(
                    parameter: batch.parameters[0].name, size: 50, concurrency: 2, timeout: 10, deadline: 30,
                    key: batch.batch?.key))
        #expect(batch.batch?.key?.name == "id")
        let config = try Self.endpoint(imported.api, "loadConfig")
        #expect(
            config.options.isGate && config.options.retry?.maxRetries == 0
                && config.options.cache == .networkFirst(ttl: 3600))
        let generated = try OpenAPISupport.generate(text)
        #expect(generated.endpoints.contains("cacheLifetime: .app"))
        #expect(
            generated.client.joinedLayout.contains(
                "BatchReuse(id: { $0.id }, policy: .cacheFirst(ttl: 120), lifetime: .app)"))
        #expect(generated.endpoints.contains(#"invalidates: ["pets.listPets", "pets.petsByIds"]"#))
    }

    /// `export-openapi` writes `x-specwright`, the config writes `policies`: the same words give the same client.
    @Test func aConfigPolicyGivesWhatTheSameExtensionGives() throws {
        let config = """
            policies:
              - operations: [createPet]
                idempotent: true
                timeout: 12
                retry: { max: 5, baseDelay: 1, maxDelay: 30, statuses: [409], deadline: 60 }
                invalidates: [listPets, petsByIds]
              - paths: [/pets/batch]
                cache: { policy: cacheFirst, ttl: 120, lifetime: app }
                batch: { parameter: ids, size: 50, concurrency: 2, timeout: 10, deadline: 30, key: id }
              - tags: [config]
                gate: true
                retry: none
                cache: { policy: networkFirst, ttl: 3600 }
            """
        let viaConfig = try Self.api(Self.document(), config: config)
        let viaExtension = try Self.api(
            Self.document(create: Self.createSettings, batch: Self.batchSettings, config: Self.configSettings))
        #expect(viaConfig.diagnostics.isEmpty)
        let endpoints = { (api: IR.API?) in api?.groups.flatMap(\.endpoints) ?? [] }
        #expect(endpoints(viaConfig.api).map(\.options) == endpoints(viaExtension.api).map(\.options))
        #expect(endpoints(viaConfig.api).map(\.batch) == endpoints(viaExtension.api).map(\.batch))
        #expect(endpoints(viaConfig.api).count == 4)
        #expect(try Self.endpoint(viaConfig.api, "petsByIds").options.cacheLifetime == .app)
        let createRetry = try Self.endpoint(viaConfig.api, "createPet").options.retry
        #expect(createRetry?.statuses == [409] && createRetry?.deadline == 60)
    }

    @Test func laterRulesWinOverEarlierOnesAndOverTheDocumentAndMethodsNarrowARule() throws {
        let config = """
            defaults: { cache: none, timeout: 20 }
            envelope: { code: code, message: message, data: data, success: [0] }
            policies:
              - tags: [pets]
                methods: [get]
                cache: { policy: staleWhileRevalidate, ttl: 60 }
              - operations: [listPets]
                cache: http
              - operations: [createPet]
                timeout: 5
            """
        let result = try Self.api(Self.document(create: "{ timeout: 12 }"), config: config)
        let api = try #require(result.api)
        #expect(
            api.service.cache == .networkOnly && api.service.timeout == 20
                && api.service.envelope?.dataKey.value == "data")
        #expect(try Self.endpoint(api, "listPets").options.cache == .http)
        #expect(try Self.endpoint(api, "petsByIds").options.cache == .staleWhileRevalidate(ttl: 60))
        #expect(try Self.endpoint(api, "createPet").options.cache == nil, "methods: [get] leaves the POST alone")
        #expect(try Self.endpoint(api, "createPet").options.timeout == 5, "the config wins over x-specwright")
    }

    @Test func unknownSelectorsAndOptionsAreLocatedErrorsInTheConfig() throws {
        let parsed = GenerationConfig.parse(
            Array(
                """
                policies:
                  - operations: [listPets]
                    cahce: http
                  - tags: [pets]
                    envelope: { code: c, message: m, data: d, success: [0] }
                  - methods: [fetch]
                    timeout: 0
                  - cache: http
                """.utf8), file: "c.yaml")
        #expect(parsed.config == nil)
        #expect(
            parsed.diagnostics.map(\.description) == [
                "c.yaml:3:5: error: unknown key 'cahce' in a policy (did you mean 'cache'?)",
                "c.yaml:2:5: error: a policy sets nothing: add one of cache, retry, timeout, idempotent, gate, batch, invalidates, envelope",
                "c.yaml:5:5: error: an 'envelope' mapping describes the service's envelope: write it at the top level of the config; per operation only 'envelope: false' (responses not wrapped) can be set",
                "c.yaml:4:5: error: a policy sets nothing: add one of cache, retry, timeout, idempotent, gate, batch, invalidates, envelope",
                "c.yaml:7:14: error: 'timeout' must be greater than 0, not 0",
                "c.yaml:6:15: error: unknown method 'fetch' in a policy (expected get, post, put, patch, delete or head)",
                "c.yaml:6:5: error: a policy sets nothing: add one of cache, retry, timeout, idempotent, gate, batch, invalidates, envelope",
                "c.yaml:8:5: error: a policy needs operations, tags, paths or methods to select what it applies to (service-wide settings go under 'defaults')"
            ])
        let config = """
            policies:
              - operations: [lisPets]
                tags: [pet]
                paths: ['/pets/{id}']
                cache: http
              - operations: [petsByIds]
                batch: { parameter: id, size: 10, key: ident }
              - operations: [createPet]
                invalidates: [listPet]
              - operations: [listPets]
                gate: true
            """
        let result = try Self.api(Self.document(config: "{ gate: true }"), config: config)
        #expect(result.api == nil)
        #expect(
            result.diagnostics == [
                "pets.specwright-config.yaml:2:18: error: policy operation 'lisPets' names no operation of the document (did you mean 'listPets'?)",
                "pets.specwright-config.yaml:3:12: error: policy tag 'pet' names no tag of the document (did you mean 'pets'?)",
                "pets.specwright-config.yaml:4:13: error: policy path '/pets/{id}' names no path of the document",
                "pets.specwright-config.yaml:7:25: error: batch parameter 'id' is not a query parameter of 'pets.petsByIds' (did you mean 'ids'?)",
                "pets.specwright-config.yaml:9:19: error: 'invalidates' of 'pets.createPet' names no operation: 'listPet' (did you mean 'listPets'?)",
                "pets.specwright-config.yaml:10:5: error: only one endpoint can be the config gate, but 'pets.listPets', 'config.loadConfig' are",
                "pets.yaml:28:21: error: only one endpoint can be the config gate, but 'pets.listPets', 'config.loadConfig' are"
            ])
    }

    @Test func batchSettingsThatDoNotFitTheOperationAreErrorsWhereTheyAreWritten() throws {
        let wrongKey = try Self.api(Self.document(batch: "{ batch: { parameter: ids, size: 10, key: ident } }"))
        #expect(wrongKey.diagnostics == ["pets.yaml:22:63: error: batch key 'ident' is not a property of 'Pet'"])
        let notAnArray = try Self.api(Self.document(config: "{ batch: { parameter: ids, size: 10 } }"))
        #expect(
            notAnArray.diagnostics == [
                "pets.yaml:28:43: error: batch parameter 'ids' is not a query parameter of 'config.loadConfig'"
            ])
    }

    @Test func policiesApplyToSpecsThroughTheSamePass() throws {
        let spec =
            minimalHeader + """
                endpoints:
                  books:
                    list: { get: /books, response: "[String]" }
                    create: { post: /books, body: String }
                """
        let result = try Self.api(
            spec,
            config: """
                policies:
                  - operations: [books.list]
                    cache: { policy: cacheFirst, ttl: 300, lifetime: app }
                  - tags: [books]
                    methods: [post]
                    idempotent: true
                    invalidates: [books.list]
                """, file: "books.yaml")
        #expect(result.diagnostics.isEmpty)
        let list = try Self.endpoint(result.api, "books.list")
        #expect(list.options.cache == .cacheFirst(ttl: 300) && list.options.cacheLifetime == .app)
        let create = try Self.endpoint(result.api, "books.create")
        #expect(create.options.isIdempotent && create.options.invalidates.map(\.value) == ["books.list"])
    }

    /// The example in docs/openapi.md (the YAML block after `<!-- policy-example -->`) applies
    /// to the petstore document as the text after it says.
    @Test func theDocumentationsWorkedExampleApplies() throws {
        let markdown = String(decoding: try repositoryFile("docs/openapi.md"), as: UTF8.self)
        let example = try #require(
            markdown.components(separatedBy: "<!-- policy-example -->\n```yaml\n").dropFirst().first?
                .components(separatedBy: "```").first)
        let document = String(decoding: try repositoryFile("Tests/Fixtures/openapi/petstore.yaml"), as: UTF8.self)
        let result = try Self.api(document, config: example, file: "petstore.yaml")
        #expect(result.diagnostics.filter { $0.contains("error") }.isEmpty)
        let api = try #require(result.api)
        #expect(api.service.timeout == 20 && api.service.retry == IR.Retry(maxRetries: 2, baseDelay: 0.5, maxDelay: 4))
        #expect(try Self.endpoint(api, "listPets").options == IR.EndpointOptions(cache: .staleWhileRevalidate(ttl: 60)))
        #expect(
            try Self.endpoint(api, "showPetById").options
                == IR.EndpointOptions(cache: .networkFirst(ttl: 86400), cacheLifetime: .app))
        #expect(
            try Self.endpoint(api, "createPets").options
                == IR.EndpointOptions(
                    timeout: 5, isIdempotent: true, invalidates: [IR.StringLiteral("pets.listPets")]))
    }

    /// `envelope: false` in a rule or in `x-specwright`: an enveloped service's operation whose
    /// responses are not wrapped; the generated options say so, other operations keep the envelope.
    @Test func envelopeFalseOptsAnOperationOutOfTheServiceEnvelope() throws {
        let envelope = "envelope: { code: code, message: message, data: data, success: [0] }"
        let viaConfig = try Self.api(
            Self.document(),
            config: """
                \(envelope)
                policies:
                  - operations: [loadConfig]
                    envelope: false
                """)
        #expect(viaConfig.diagnostics.isEmpty)
        #expect(try !Self.endpoint(viaConfig.api, "loadConfig").options.usesEnvelope)
        #expect(try Self.endpoint(viaConfig.api, "listPets").options.usesEnvelope)
        let viaExtension = try Self.api(Self.document(config: "{ envelope: false }"), config: envelope)
        #expect(viaExtension.diagnostics.isEmpty)
        let endpoints = { (api: IR.API?) in api?.groups.flatMap(\.endpoints).map(\.options) ?? [] }
        #expect(endpoints(viaConfig.api) == endpoints(viaExtension.api))
        let generated = try OpenAPISupport.generate(Self.document(config: "{ envelope: false }"))
        #expect(generated.endpoints.contains("usesEnvelope: false"))
        #expect(!(try OpenAPISupport.generate(Self.document())).endpoints.contains("usesEnvelope"))
    }

    @Test func envelopeInARuleIsOnlyFalseAndWarnsWithoutAServiceEnvelope() throws {
        let parsed = GenerationConfig.parse(
            Array(
                """
                policies:
                  - operations: [listPets]
                    envelope: true
                  - operations: [listPets]
                    envelope: yes please
                """.utf8), file: "c.yaml")
        #expect(parsed.config == nil)
        #expect(
            parsed.diagnostics.map(\.description) == [
                "c.yaml:3:15: error: 'envelope: true' is the default; per operation only 'envelope: false' (responses not wrapped) can be set",
                "c.yaml:2:5: error: a policy sets nothing: add one of cache, retry, timeout, idempotent, gate, batch, invalidates, envelope",
                "c.yaml:5:15: error: expected true or false for 'envelope', found 'yes please'",
                "c.yaml:4:5: error: a policy sets nothing: add one of cache, retry, timeout, idempotent, gate, batch, invalidates, envelope"
            ])
        let unwrapped = try Self.api(
            Self.document(), config: "policies:\n  - operations: [listPets]\n    envelope: false\n")
        #expect(
            unwrapped.diagnostics == [
                "pets.specwright-config.yaml:3:5: warning: 'envelope: false' of 'pets.listPets' has no effect: the service has no envelope"
            ])
    }

    /// The policies shape the output, so they are part of the header's config hash.
    @Test func policiesChangeTheConfigHash() throws {
        let bytes = Array(Self.document().utf8)
        var input = GenerationInput(bytes: bytes, file: "pets.yaml", templates: try TemplateSet.defaults())
        let header = { (result: GenerationResult) in
            result.files.first?.contents.split(separator: "\n").first { $0.contains("Generated by") }
        }
        let plain = header(GenerationPipeline.run(input))
        input.overlay = try #require(
            GenerationConfig.parse(Array("defaults: { cache: none }".utf8), file: "c.yaml").config
        ).overlay
        let overlaid = header(GenerationPipeline.run(input))
        #expect(plain != nil && overlaid != nil && plain != overlaid)
    }
}
