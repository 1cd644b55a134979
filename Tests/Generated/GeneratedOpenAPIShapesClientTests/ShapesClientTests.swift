import Foundation
import SpecwrightRuntime
import Testing

/// The reference output for `Tests/Fixtures/openapi/shapes.yaml` (issue #12 points 3 and 7):
/// that it compiles is the first check (union cases named like the type they wrap, schemas named
/// like Swift types); these tests check that it behaves.
@Suite struct ShapesGeneratedClientTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// A client whose every call is answered `204` and recorded.
    static func client() -> (ShapesClient, StubTransport) {
        let stub = StubTransport { _ in HTTPResponse(status: 204, headers: [:], body: Data()) }
        return (ShapesClient(configuration: ClientConfiguration(transport: stub)), stub)
    }

    @Test func aDiscriminatorIsFixedByTheVariantAndFilledInByItsInitializer() throws {
        #expect(Cat(meows: 3).petType == "cat")
        #expect(Lizard(kind: .cat).petType == .lizard, "a discriminator typed as an enum")
        #expect(try Self.json(PetHolderPet.cat(Cat(meows: 3))) == #"{"meows":3,"pet_type":"cat"}"#)
        #expect(try Self.json(Lizard(kind: .dog)) == #"{"kind":"dog","pet_type":"lizard"}"#)
        #expect(try Self.decode(PetHolderPet.self, #"{"pet_type":"dog","barks":1.5}"#) == .dog(Dog(barks: 1.5)))
        #expect(try Self.decode(Cat.self, #"{"meows":1}"#) == Cat(meows: 1), "an absent discriminator is tolerated")
        #expect(throws: DecodingError.self) { try Self.decode(Cat.self, #"{"pet_type":"dog","meows":1}"#) }
    }

    @Test func aUnionOrATitledSchemaWrittenInSeveralPlacesIsOneType() throws {
        let pet = PetHolderPet.cat(Cat(meows: 1))
        let holder = PetHolder(pet: pet, favourite: pet, owner: "ann")
        let address = ShelterAddress(street: "Main 1", city: "Oslo")
        let shelter = Shelter(name: "North", residents: [holder.pet], address: address, mailing: address)
        // What one property received is sent through another without conversion.
        let patch = ShelterPatch(address: Nullable(shelter.mailing))
        #expect(try Self.json(patch) == #"{"address":{"city":"Oslo","street":"Main 1"}}"#)
    }

    @Test func unionCasesNeverShadowTheTypeTheyWrap() throws {
        #expect(try Self.decode([Unioned].self, #"["a", 7]"#) == [.case3eNum1(.a), .int(7)])
        #expect(try Self.decode(Everything.self, #"{"_3eNum1":"b"}"#)._3eNum1 == .b)
    }

    @Test func schemasNamedLikeSwiftTypesAreRenamedSoTheTypesStayUsable() async throws {
        let everything = try Self.decode(
            Everything.self,
            #"{"result":{"value":"ok"},"data":{"bytes":"AQI="},"self":{"id":1},"type":"a","task":{"title":"t"}}"#)
        #expect(everything.result == ResultModel(value: "ok"))
        #expect(everything.data?.bytes == Data([1, 2]))
        #expect(everything.selfValue == SelfModel(id: 1))
        #expect(everything.type == .a)
        #expect(everything.task == TaskModel(title: "t"))
        let result: Result<Int, any Error> = .success(1)
        #expect(try result.get() == 1)
        #expect(await Task { 2 }.value == 2, "Swift's Task is not taken by the schema named Task")
    }

    @Test func defaultsOfEveryKindFillInitializersAndDecoding() throws {
        let task = TaskModel(title: "t")
        #expect(
            task.priority == .low && task.labels == ["inbox"] && task.limits == ["daily": 3] && task.kind == .urgent)
        #expect(task.window == Window(start: 1, end: 5), "an object default is a call of the initializer")
        #expect(try Self.decode(TaskModel.self, #"{"title":"t"}"#) == task)
        #expect(Window(start: 1).end == 10)
    }

    @Test(.timeLimit(.minutes(1)))
    func defaultsOfEveryKindFillQueryFormAndMultipartFields() async throws {
        let (client, stub) = Self.client()
        _ = try? await client.search.search()
        try await client.forms.submitForm()
        try await client.uploads.upload(file: FilePart(data: Data("x".utf8), filename: "x.txt"))
        let query = try #require(stub.requests.first?.url.query)
        #expect(query == "priority=5&level=2&tags=a&tags=b&sizes=1&sizes=5")
        let form = String(decoding: stub.requests[1].body ?? Data(), as: UTF8.self)
        #expect(
            form == "priority=1&tags=x&tags=y&note=none&end=10&start=2",
            "an object field's default, spread in form style")
        let multipart = String(decoding: stub.requests[2].body ?? Data(), as: UTF8.self)
        for (name, value) in [("note", "none"), ("priority", "5"), ("count", "3")] {
            #expect(multipart.contains("name=\"\(name)\"\r\n\r\n\(value)\r\n"), "\(name) in \(multipart)")
        }
    }

    @Test func aRequiredPropertysDefaultFillsTheInitializerAndIsAlwaysSent() throws {
        let reminder = Reminder(title: "t")
        #expect(reminder.channel == .later && reminder.repeats == .low && reminder.offsets == [10, 60])
        #expect(reminder.window == Window(start: 0, end: 10), "an object default is a call of the initializer")
        #expect(
            try Self.json(reminder)
                == #"{"channel":"later","offsets":[10,60],"repeats":1,"title":"t","window":{"end":10,"start":0}}"#)
        let full = #"{"title":"t","channel":"urgent","repeats":5,"offsets":[],"window":{"start":1}}"#
        #expect(
            try Self.decode(Reminder.self, full)
                == Reminder(title: "t", channel: .urgent, repeats: .high, offsets: [], window: Window(start: 1)))
        // Required: a value without the key is not the default, it is no value of the type.
        #expect(throws: DecodingError.self) { try Self.decode(Reminder.self, #"{"title":"t"}"#) }
        // In a PATCH body a required property is the caller's choice, the default the server's.
        #expect(try Self.json(ReminderPatch(revision: 2)) == #"{"revision":2}"#)
    }

    @Test(.timeLimit(.minutes(1)))
    func aPatchFormOrMultipartBodySendsOnlyTheFieldsTheCallerSet() async throws {
        let (client, stub) = Self.client()
        try await client.forms.updateForm()
        try await client.forms.updateForm(note: "n")
        try await client.uploads.updateUpload(count: 4)
        #expect(String(decoding: stub.requests[0].body ?? Data(), as: UTF8.self) == "")
        #expect(String(decoding: stub.requests[1].body ?? Data(), as: UTF8.self) == "note=n")
        let multipart = String(decoding: stub.requests[2].body ?? Data(), as: UTF8.self)
        #expect(multipart.contains("name=\"count\"\r\n\r\n4\r\n"), "\(multipart)")
        #expect(!multipart.contains("name=\"note\"") && !multipart.contains("name=\"file\""), "\(multipart)")
    }

    @Test func aPatchSendsNothingNullOrAValueAsTheCallerChooses() throws {
        #expect(try Self.json(ShelterPatch()) == "{}")
        #expect(try Self.json(ShelterPatch(name: nil, capacity: 3)) == #"{"capacity":3,"name":null}"#)
        let received = try Self.decode(ShelterPatch.self, #"{"name":null,"capacity":4}"#)
        #expect(received.name == nil && received.$name == .null && received.capacity == 4)
        #expect(received == ShelterPatch(name: nil, capacity: 4) && received != ShelterPatch(capacity: 4))
        #expect(try Self.json(received) == #"{"capacity":4,"name":null}"#)
        #expect(try Self.decode(ShelterPatch.self, #"{"capacity":4}"#) == ShelterPatch(capacity: 4))
        // A default is the server's: not filled in, so a PATCH leaves the stored value alone.
        #expect(ShelterPatch().adopting == nil)
        #expect(try Self.json(ShelterPatch(adopting: false)) == #"{"adopting":false}"#)
    }

    @Test func readOnlyAndWriteOnlyPropertiesAreRequiredInTheirDirectionOnly() async throws {
        // Created without inventing the server's id; nil is left out.
        let new = Account(name: "ann", password: "s3cret", badge: .string("gold"))
        #expect(try Self.json(new) == #"{"badge":"gold","name":"ann","password":"s3cret"}"#)
        // A response without the write-only password decodes …
        let fetched = try Self.decode(Account.self, #"{"id":7,"name":"ann","badge":null}"#)
        #expect(fetched.id == 7 && fetched.password == nil && fetched.badge == nil)
        // … and is sent back as it is, with no conversion (the required nullable badge as null),
        // the read-only id left out of the request; encoded anywhere else, the value keeps it.
        let (client, stub) = Self.client()
        _ = try? await client.accounts.createAccount(body: fetched)
        let sent = String(decoding: try #require(stub.requests.first?.body), as: UTF8.self)
        #expect(sent.contains(#""badge":null"#) && !sent.contains(#""id""#) && !sent.contains("password"), "\(sent)")
        #expect(try Self.json(fetched).contains(#""id":7"#))
    }

    @Test func aUnionIsNullableThroughAnyOfItsAlternatives() throws {
        let account = try Self.decode(Account.self, #"{"name":"a","badge":7,"level":null}"#)
        #expect(account.badge == .int(7) && account.level == nil)
        #expect(try Self.decode(Account.self, #"{"name":"a","badge":null,"level":"x"}"#).level == .string("x"))
    }

    @Test func anInlineUnionOfAResponseFixesItsDiscriminatorInItsVariants() throws {
        #expect(Opened(at: "now").event == "opened")
        #expect(try Self.json(Closed(reason: "done")) == #"{"event":"closed","reason":"done"}"#)
        let events = try Self.decode(
            [ListAccountEventsResponseItem].self,
            #"[{"event":"closed","reason":"r"},{"event":"opened","at":"t"}]"#)
        #expect(events == [.closed(Closed(reason: "r")), .opened(Opened(at: "t"))])
    }

    @Test func aTextErrorBodyIsAString() async throws {
        let stub = StubTransport { _ in
            HTTPResponse(status: 400, headers: ["Content-Type": "text/plain"], body: Data("name is taken".utf8))
        }
        let client = ShapesClient(configuration: ClientConfiguration(transport: stub))
        do {
            _ = try await client.accounts.createAccount(body: Account(name: "a", badge: nil))
            Issue.record("a 400 must throw")
        } catch let error as SpecwrightError {
            #expect(error.typedBody(as: String.self) == "name is taken")
        }
    }

    /// A schema that admits only null (`enum: [null]`, drf-spectacular's `NullEnum`; `type: 'null'`;
    /// `const: null`) is the runtime's `JSONNull`, optional: it decodes only `null`, a required one
    /// is sent as `null`, an optional one is left out.
    @Test func aSchemaThatAdmitsOnlyNullDecodesAndEncodesOnlyNull() throws {
        let cleared = try Self.decode(Cleared.self, #"{"reason":null,"gone":null,"never":null,"nothing":[null,null]}"#)
        #expect(cleared.reason == nil && cleared.gone == nil && cleared.never == nil)
        #expect(cleared.nothing == [nil, nil])
        #expect(try Self.json(cleared) == #"{"gone":null,"nothing":[null,null],"reason":null}"#)
        #expect(try Self.json(Cleared(reason: nil, gone: nil)) == #"{"gone":null,"reason":null}"#)
        for value in ["0", "\"\"", "false", "{}", "[]", "\"null\""] {
            #expect(throws: DecodingError.self, "reason \(value)") {
                try Self.decode(Cleared.self, #"{"reason":"# + value + #","gone":null}"#)
            }
            #expect(throws: DecodingError.self, "nothing [\(value)]") {
                try Self.decode(Cleared.self, #"{"reason":null,"gone":null,"nothing":["# + value + "]}")
            }
        }
        let _: NullEnum.Type = JSONNull.self
    }
}
