import Foundation
import SpecwrightCore
import SpecwrightYAML
import Testing

/// `export-openapi`: Specwright spec → OpenAPI 3.1, checked by re-importing the export.
@Suite("OpenAPI export")
struct OpenAPIExportTests {
    static var specs: [String] {
        let folder = repositoryRoot.appendingPathComponent("specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "specs/" + $0 } + [
            "Tests/Fixtures/hostile.yaml", "Tests/Fixtures/transfers.yaml"
        ]
    }

    static func load(_ spec: String) throws -> SpecDocument {
        let url = repositoryRoot.appendingPathComponent(spec)
        let bytes = Array(try #require(FileManager.default.contents(atPath: url.path)))
        let loaded = SpecLoader.load(bytes: bytes, file: spec)
        return try #require(loaded.document, "\(loaded.diagnostics)")
    }

    /// What must survive the round trip: endpoints (group, name, method, path, parameters,
    /// body, response, errors) and types (names, properties and their types, enum values).
    /// Endpoints are compared as a sorted list: OpenAPI keeps the operations of one path
    /// together, so their order can change.
    static func signature(_ api: IR.API) -> [String] {
        var lines: [String] = []
        for group in api.groups {
            for endpoint in group.endpoints {
                let path = endpoint.path.map { segment in
                    segment.pieces.map { piece -> String in
                        switch piece {
                        case .literal(let text): text.value
                        case .parameter(let name): "{" + name.name + "}"
                        }
                    }.joined()
                }.joined(separator: "/")
                let parameters = endpoint.parameters.map { parameter in
                    // A binary body is `Data` in a spec and a `FilePart` once imported (OpenAPI cannot say
                    // which the author meant; an imported client takes files, which may stream from disk).
                    let type =
                        parameter.location == .body && parameter.type == .builtin(.file)
                        ? .builtin(.data) : parameter.type
                    return
                        "\(parameter.name.name):\(type.code)=\(parameter.defaultValue?.code ?? "")@\(parameter.location)"
                        + " \(parameter.objectStyle) \(parameter.arraySeparator ?? "")"
                }
                let errors = endpoint.errors.map { "\($0.status.map(String.init) ?? "default"):\($0.type.code)" }
                lines.append(
                    "\(group.propertyName.name).\(endpoint.name.name) \(endpoint.method) /\(path) (\(parameters.joined(separator: ", "))) body=\(String(describing: endpoint.body)) -> \(endpoint.response) \(errors) auth=\(endpoint.options.auth)"
                )
            }
        }
        lines.sort()
        for type in api.types {
            switch type {
            case .structure(let value):
                lines.append(
                    "struct \(value.name.name) "
                        + value.properties.map {
                            "\($0.name.name)[\($0.jsonKey.value)]:\($0.type.code)=\($0.defaultValue?.code ?? "")"
                        }.joined(separator: ", "))
            case .stringEnum(let value):
                lines.append("enum \(value.name.name) " + value.cases.map(\.rawValue.value).joined(separator: ", "))
            default:
                lines.append("other \(type.name.name)")
            }
        }
        return lines
    }

    @Test("importing the export of a spec gives the same endpoints, types and parameters", arguments: specs)
    func roundTrip(spec: String) throws {
        let document = try Self.load(spec)
        let original = try #require(SpecLowering.lower(document).api)
        let yaml = OpenAPIExporter(document: document).export().yaml
        let root = try YAMLParser.parseDocument(Array(yaml.utf8), file: "export.yaml")
        let imported = OpenAPIImporter.importDocument(root, file: "export.yaml")
        let api = try #require(imported.api, "\(imported.diagnostics)")
        #expect(Self.signature(api) == Self.signature(original))
        #expect(api.service.baseURL == original.service.baseURL)
        #expect(api.service.auth == original.service.auth)
    }

    @Test(
        "object and map query parameters keep their style, and a query parameter its allowReserved, through export and import"
    )
    func structuredQueryParametersRoundTrip() throws {
        let spec = """
            specwright: 1
            name: Shop
            baseURL: https://api.shop.example
            types:
              Range: { properties: { gte: Int?, lt: Int? } }
            endpoints:
              charges:
                list:
                  get: /charges
                  query:
                    created: { type: Range?, style: deepObject }
                    metadata: { type: "[String: String]?", style: deepObject }
                    window: Range?
                    path: { type: String?, allowReserved: true }
                  response: "[String]"
            """
        let loaded = SpecLoader.load(bytes: Array(spec.utf8), file: "shop.yaml")
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        let original = try #require(SpecLowering.lower(document).api)
        let yaml = OpenAPIExporter(document: document).export().yaml
        #expect(yaml.contains(#"style: "deepObject""#))  // the exporter quotes strings
        let root = try YAMLParser.parseDocument(Array(yaml.utf8), file: "export.yaml")
        let api = try #require(OpenAPIImporter.importDocument(root, file: "export.yaml").api)
        #expect(Self.signature(api) == Self.signature(original))
        let styles = original.groups.flatMap(\.endpoints).flatMap(\.parameters).map(\.objectStyle)
        #expect(styles == [.deepObject, .deepObject, .form, .form])
        #expect(yaml.contains("allowReserved: true"))
        let reserved = api.groups.flatMap(\.endpoints).flatMap(\.parameters).map(\.allowsReserved)
        #expect(reserved == [false, false, false, true])
    }

    @Test("the JSON form of the export parses to the same tree as the YAML form")
    func jsonAndYAMLAgree() throws {
        for spec in Self.specs {
            let value = OpenAPIExporter(document: try Self.load(spec)).export()
            let yaml = try YAMLParser.parseDocument(Array(value.yaml.utf8), file: "a.yaml")
            let json = try JSONReader.parseDocument(Array(value.json.utf8), file: "a.json")
            #expect(Self.strip(yaml) == Self.strip(json), "\(spec)")
        }
    }

    /// The tree without locations and styles.
    static func strip(_ node: Node) -> String {
        switch node.kind {
        case .scalar(let scalar): "\(scalar.value)"
        case .sequence(let items): "[" + items.map(strip).joined(separator: ",") + "]"
        case .mapping(let entries):
            "{" + entries.map { strip($0.key) + ":" + strip($0.value) }.joined(separator: ",") + "}"
        }
    }

    @Test("every export passes openapi-spec-validator (skipped when it is not installed)", .timeLimit(.minutes(2)))
    func validatorAcceptsTheExport() throws {
        let search = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard
            let tool = search.map({ "\($0)/openapi-spec-validator" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specwright-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for spec in Self.specs {
            let file = directory.appendingPathComponent(URL(fileURLWithPath: spec).lastPathComponent)
            try Data(OpenAPIExporter(document: try Self.load(spec)).export().yaml.utf8).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = [file.path]
            process.standardInput = FileHandle.nullDevice
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(spec): \(output)")
        }
    }
}

/// The runtime options survive `export-openapi` and the import (`x-specwright`,
/// `x-specwright-defaults`, `-envelope`, `-headers`): the words a config's `policies` use.
extension OpenAPIExportTests {
    /// Service defaults and every endpoint's options, with `invalidates` named by `group.endpoint`
    /// Swift names (the document's operation names differ between the two sides).
    static func optionsSignature(_ api: IR.API) -> [String] {
        var swiftNames: [String: String] = [:]
        for group in api.groups {
            for endpoint in group.endpoints {
                swiftNames[endpoint.operationName.value] = group.propertyName.name + "." + endpoint.name.name
            }
        }
        let service = api.service
        var lines = [
            "service \(service.timeout) \(service.retry) \(service.cache) \(String(describing: service.envelope)) \(service.headers) \(service.dates)"
        ]
        for group in api.groups {
            for endpoint in group.endpoints {
                var options = endpoint.options
                options.invalidates = options.invalidates.map {
                    IR.StringLiteral(swiftNames[$0.value] ?? "?" + $0.value)
                }
                options.auth = .inherit
                lines.append(
                    "\(group.propertyName.name).\(endpoint.name.name) \(options) \(String(describing: endpoint.batch))")
            }
        }
        return lines.sorted()
    }

    static let everyOption =
        minimalHeader + """
            envelope: { code: code, message: msg, data: payload, success: [0, 200], sessionExpired: [401], tokenExpired: [1002, 1003] }
            headers: { X-Client: specwright }
            defaults: { timeout: 15, retry: none, cache: http }
            types:
              Item: { properties: { id: Int, name: String } }
            endpoints:
              items:
                byIds:
                  get: /items
                  query: { ids: "[Int]" }
                  response: "[Item]"
                  cache: { policy: staleWhileRevalidate, ttl: 30, lifetime: app }
                  batch: { parameter: ids, size: 20, concurrency: 3, timeout: 5, deadline: 50, partial: true, key: id }
                put:
                  post: /items
                  body: Item
                  idempotent: true
                  timeout: 9
                  retry: { max: 1, baseDelay: 2, maxDelay: 3, statuses: [409, 503], transportErrors: [secureConnectionFailed], deadline: 30, longRetryAfter: wait }
                  invalidates: [items.byIds, settings.load]
              settings:
                load: { get: /settings, response: "[String: String]", gate: true, cache: none }
                health: { get: /health, response: String, envelope: false }
            """

    @Test("an endpoint's 'envelope: false' is exported as x-specwright and read back")
    func envelopeOptOutRoundTrip() throws {
        let loaded = SpecLoader.load(bytes: Array(Self.everyOption.utf8), file: "every.yaml")
        let document = try #require(loaded.document, "\(loaded.diagnostics.map(\.description))")
        let yaml = OpenAPIExporter(document: document).export().yaml
        #expect(yaml.contains("envelope: false"))
        let imported = GenerationPipeline.run(
            GenerationInput(bytes: Array(yaml.utf8), file: "export.yaml"), through: .passes)
        let api = try #require(imported.api, "\(imported.diagnostics.map(\.description))")
        let optedOut = api.groups.flatMap(\.endpoints).filter { !$0.options.usesEnvelope }.map(\.name.name)
        #expect(optedOut == ["health"])
    }

    @Test("every endpoint option and service default survives export and import", arguments: specs + ["every option"])
    func optionsRoundTrip(spec: String) throws {
        let document: SpecDocument
        if spec == "every option" {
            let loaded = SpecLoader.load(bytes: Array(Self.everyOption.utf8), file: "every.yaml")
            document = try #require(loaded.document, "\(loaded.diagnostics.map(\.description))")
        } else {
            document = try Self.load(spec)
        }
        let original = try #require(SpecLowering.lower(document).api)
        let yaml = OpenAPIExporter(document: document).export().yaml
        let imported = GenerationPipeline.run(
            GenerationInput(bytes: Array(yaml.utf8), file: "export.yaml"), through: .passes)
        let api = try #require(imported.api, "\(imported.diagnostics.map(\.description))")
        #expect(Self.optionsSignature(api) == Self.optionsSignature(original))
    }
}
