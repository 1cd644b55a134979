import Foundation
import SpecwrightRuntime
import Testing

/// The rendering of the hand-built IR constructs compiles and behaves.
@Suite struct ConstructsGeneratedClientTests {
    @Test func aRequiredNullableFieldIsSentAsNullAndAnOptionalOneIsLeftOut() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(Dog(kind: "dog")), as: UTF8.self) == #"{"chip_id":null,"kind":"dog"}"#)
        let full = Dog(kind: "dog", barkVolume: 2, chipId: "A1")
        #expect(
            String(decoding: try encoder.encode(full), as: UTF8.self)
                == #"{"bark_volume":2,"chip_id":"A1","kind":"dog"}"#)
        #expect(try JSONDecoder().decode(Dog.self, from: encoder.encode(full)) == full)
    }

    @Test func anOptionalNullableFieldIsLeftOutSentAsNullOrGivenAValueAsTheCallerChooses() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func json(_ dog: Dog) throws -> String { String(decoding: try encoder.encode(dog), as: UTF8.self) }
        #expect(try json(Dog(kind: "dog", chipId: "A1")) == #"{"chip_id":"A1","kind":"dog"}"#)
        #expect(
            try json(Dog(kind: "dog", chipId: "A1", nickname: nil, toys: nil))
                == #"{"chip_id":"A1","kind":"dog","nickname":null,"toys":null}"#)
        #expect(
            try json(Dog(kind: "dog", chipId: "A1", nickname: "Rex", toys: ["ball"]))
                == #"{"chip_id":"A1","kind":"dog","nickname":"Rex","toys":["ball"]}"#)
        let unknown: String? = nil
        #expect(
            try json(Dog(kind: "dog", chipId: "A1", nickname: Nullable(unknown), toys: Nullable(leavingOutNil: nil)))
                == #"{"chip_id":"A1","kind":"dog","nickname":null}"#)

        let cleared = Dog(kind: "dog", nickname: nil, toys: .value([]))
        #expect(cleared.nickname == nil && cleared.$nickname == .null)
        #expect(cleared.toys == [] && cleared.$toys == .value([]))
        #expect(cleared != Dog(kind: "dog", toys: []), "equality is equality on the wire: null is not absent")

        // Reading keeps the state: `null` is `.null`, a missing key `.absent`; sending the value again
        // sends what was read, and a decoded value equals the one built with the same states.
        let received = try Self.decode(Dog.self, #"{"kind":"dog","chip_id":null,"nickname":null,"toys":["rope"]}"#)
        #expect(received.nickname == nil && received.$nickname == .null && received.$toys == .value(["rope"]))
        #expect(received == Dog(kind: "dog", nickname: nil, toys: ["rope"]))
        #expect(try Self.decode(Dog.self, #"{"kind":"dog","nickname":"Rex"}"#).$nickname == .value("Rex"))
        #expect(try Self.decode(Dog.self, #"{"kind":"dog"}"#).$nickname == .absent)
        #expect(try json(received) == #"{"chip_id":null,"kind":"dog","nickname":null,"toys":["rope"]}"#)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func aDiscriminatedUnionPicksTheCaseByItsDiscriminatorValues() throws {
        #expect(try Self.decode(Pet.self, #"{"kind":"kitten","lives":9}"#) == .cat(Cat(kind: "kitten", lives: 9)))
        #expect(
            try Self.decode(Pet.self, #"{"kind":"dog","bark_volume":2.5}"#) == .dog(Dog(kind: "dog", barkVolume: 2.5)))
        #expect(throws: DecodingError.self) { try Self.decode(Pet.self, #"{"kind":"fish"}"#) }
        let encoded = try JSONEncoder().encode(Pet.cat(Cat(kind: "cat", lives: 7)))
        #expect(try JSONDecoder().decode(Pet.self, from: encoded) == .cat(Cat(kind: "cat", lives: 7)))
    }

    @Test func anUndiscriminatedUnionTakesTheFirstAlternativeThatDecodes() throws {
        #expect(try Self.decode([IdOrName].self, #"[42, "x"]"#) == [.id(42), .name("x")])
        #expect(throws: DecodingError.self) { try Self.decode(IdOrName.self, "true") }
    }

    @Test func aUnionCaseIsEncodedTheWayTheEncoderCodesItsType() throws {
        // A drf-spectacular `oneOf [{format: uri}, {maxLength: 0}]` sent `{"relative":"https:..."}`:
        // the case's own `encode(to:)` bypassed JSONEncoder's coding of URL (and of Date, Data, Decimal).
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        encoder.dateEncodingStrategy = .iso8601
        let moment = Date(timeIntervalSince1970: 1_767_256_215)
        let references: [Reference] = [.link(URL(string: "https://example.com/a%20b?q=1")!), .at(moment)]
        let encoded = try encoder.encode(references)
        #expect(
            String(decoding: encoded, as: UTF8.self) == #"["https://example.com/a%20b?q=1","2026-01-01T08:30:15Z"]"#)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode([Reference].self, from: encoded) == references)
    }

    @Test func integerEnumsKeepUnknownValues() throws {
        #expect(try Self.decode([Priority].self, "[1, 10, 7]") == [.low, .high, .unknown(7)])
        #expect(String(decoding: try JSONEncoder().encode([Priority.unknown(7)]), as: UTF8.self) == "[7]")
        #expect(Priority.high.queryValue == .int(10))
    }

    @Test func nestedTypesAndAliasesDecode() throws {
        let owner = try Self.decode(
            Owner.self, #"{"name":"Ann","pets":[{"kind":"dog"}],"address":{"city":"Oslo"},"priority":1}"#)
        #expect(owner.address == Owner.Address(city: "Oslo"))
        #expect(owner.pets == [.dog(Dog(kind: "dog"))])
    }

    @Test func aBinaryBodyIsSentRawWithItsContentTypeAndAParameterInsideASegment() {
        let owner = UUID()
        let endpoint = UploadsEndpoint.avatar(owner: owner, body: Data([1, 2, 3]))
        #expect(endpoint.pathSegments == ["avatars", owner.uuidString + ".png"])
        guard case .data(let data, let contentType)? = endpoint.body else {
            Issue.record("expected a raw body")
            return
        }
        #expect(data == Data([1, 2, 3]))
        #expect(contentType == "image/png")
    }

    @Test func formFieldsOmitNilValues() {
        let none = UploadsEndpoint.login(user: "ann", remember: nil, pet: nil, codes: nil, extra: nil)
        guard case .formURLEncoded(let fields)? = none.body else {
            Issue.record("expected a form body")
            return
        }
        #expect(fields == [FormField(name: "user", value: "ann")])
        let all = UploadsEndpoint.login(
            user: "ann", remember: true, pet: Cat(kind: "tabby", lives: 9), codes: [1, 2],
            extra: .object(["a": .int(1)]))
        guard case .formURLEncoded(let every)? = all.body else { return }
        #expect(
            every == [
                FormField(name: "user", value: "ann"), FormField(name: "remember", value: "true"),
                FormField(name: "pet[kind]", value: "tabby"), FormField(name: "pet[lives]", value: "9"),
                FormField(name: "codes", value: "1,2"), FormField(name: "extra", value: #"{"a":1}"#)
            ])
    }

    @Test func multipartPartsCarryFileNamesAndContentTypes() throws {
        let photo = FilePart(data: Data([7]), filename: "me.png")
        let attachments = [
            FilePart(data: Data([1]), filename: "a.txt", contentType: "text/plain"),
            FilePart(fileURL: URL(fileURLWithPath: "/tmp/b.pdf"), contentType: "application/pdf")
        ]
        let endpoint = UploadsEndpoint.document(
            title: "T", file: Data([9]), priority: .high, tags: ["a", "b"], photo: photo, attachments: attachments,
            meta: Cat(kind: "tabby", lives: 9))
        guard case .multipart(let parts)? = endpoint.body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect(
            Array(parts.prefix(8)) == [
                MultipartPart(name: "title", data: Data("T".utf8)),
                MultipartPart(name: "file", filename: "document.pdf", contentType: "application/pdf", data: Data([9])),
                MultipartPart(name: "priority", data: Data("10".utf8)),
                MultipartPart(name: "tags", data: Data("a".utf8)),
                MultipartPart(name: "tags", data: Data("b".utf8)),
                MultipartPart(name: "photo", filename: "me.png", contentType: "image/png", data: Data([7])),
                MultipartPart(name: "attachments", filename: "a.txt", contentType: "text/plain", data: Data([1])),
                MultipartPart(
                    name: "attachments",
                    file: FilePart(fileURL: URL(fileURLWithPath: "/tmp/b.pdf"), contentType: "application/pdf"))
            ])
        #expect(parts[7].source == .file(URL(fileURLWithPath: "/tmp/b.pdf")) && parts[7].filename == "b.pdf")
        let meta = try #require(parts.last)
        #expect(meta.name == "meta" && meta.contentType == "application/json")
        #expect(
            try JSONDecoder().decode(JSONValue.self, from: meta.source.loadedData())
                == .object(["kind": .string("tabby"), "lives": .int(9)]))
        #expect(endpoint.options.retry == RetryPolicy.none)
        #expect(endpoint.errorBodies.count == 1)
    }

    @Test func theServiceUsesTheIRSettings() {
        #expect(ConstructsClient.service.auth == .apiKeyQuery("key"))
        #expect(ConstructsClient.service.dates == .secondsSince1970)
        #expect(ConstructsClient.service.cache == .networkFirst(ttl: 30))
        #expect(ConstructsClient.service.retry == RetryPolicy(maxRetries: 2, baseDelay: 1, maxDelay: 4))
    }
}

/// `==` of generated objects is reflexive, also for values JSON cannot encode.
@Suite struct ConstructsGeneratedEqualityTests {
    @Test func anObjectHoldingNaNEqualsItselfAndHashesAlike() {
        let value = Dog(kind: "dog", barkVolume: .nan, chipId: "A1")
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(value) }
        #expect(value == value)
        #expect(value.hashValue == Dog(kind: "dog", barkVolume: .nan, chipId: "A1").hashValue)
        #expect(Set([value, Dog(kind: "dog", barkVolume: .nan, chipId: "A1")]).count == 1)
        #expect(value != Dog(kind: "dog", barkVolume: 1, chipId: "A1"))
        #expect(value != Dog(kind: "dog", barkVolume: .nan, chipId: "A2"))
    }

    @Test func aUnionHoldingNaNEqualsItselfAndHashesAlike() throws {
        let value = Measure.number(.nan)
        #expect(value == value)
        #expect(value.hashValue == Measure.number(.nan).hashValue)
        #expect(Set([value, Measure.number(.nan), .number(1), .text("1")]).count == 3)
        #expect(value != .number(1))
        #expect(Measure.number(1) != .text("1"))
        #expect(try JSONDecoder().decode([Measure].self, from: Data(#"[1.5, "x"]"#.utf8)) == [.number(1.5), .text("x")])
    }
}
