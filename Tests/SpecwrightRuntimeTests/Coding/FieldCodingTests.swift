import Foundation
@_spi(Generated) import SpecwrightRuntime
import Testing

/// The runtime half of generated objects: `FieldDecoder` and `_GeneratedObject` (`encode(to:)`, `==`, `hash(into:)` from one field list),
/// exercised through types written the way the default templates write them.
@Suite struct FieldCodingTests {
    struct Item: Codable, Hashable, Sendable, _GeneratedObject {
        let id: Int
        let name: String?
        let tags: [String]
        let createdAt: Date?

        init(id: Int, name: String? = nil, tags: [String] = [], createdAt: Date? = nil) {
            self.id = id
            self.name = name
            self.tags = tags
            self.createdAt = createdAt
        }

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            self.init(
                id: try fields.required("id"), name: fields.optional("display_name"),
                tags: fields.optional("tags", default: []),
                createdAt: fields.optional("created_at"))
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("id", lhs.id, rhs.id)
            fields.field("display_name", lhs.name, rhs.name)
            fields.field("tags", lhs.tags, rhs.tags)
            fields.field("created_at", lhs.createdAt, rhs.createdAt)
        }
    }

    struct Empty: Codable, Hashable, Sendable, _GeneratedObject {
        init() {}

        init(from decoder: any Decoder) throws {
            let fields = try FieldDecoder(decoder)
            self.init()
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {}
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: Data(json.utf8))
    }

    private func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func fieldsAreReadUnderTheirJSONNamesWithDefaultsForMissingOnes() throws {
        let item = try decode(Item.self, #"{"id": 7, "display_name": "seven", "created_at": "2026-11-29T10:00:00Z"}"#)
        #expect(item.id == 7)
        #expect(item.name == "seven")
        #expect(item.tags == [])
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_795_946_400))
        let nulls = try decode(Item.self, #"{"id": 1, "display_name": null, "tags": null}"#)
        #expect(nulls == Item(id: 1))
    }

    @Test func aMissingRequiredFieldIsAKeyNotFoundError() {
        #expect {
            _ = try decode(Item.self, #"{"display_name": "x"}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "id"
        }
    }

    @Test func theFirstBadFieldIsTheErrorThrownWithItsCodingPath() {
        #expect {
            _ = try decode(Item.self, #"{"id": 1, "display_name": 5, "tags": "not a list"}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["display_name"]
        }
    }

    @Test func aBadOptionalFieldBeforeARequiredOneIsStillTheErrorThrown() {
        struct Pair: Decodable {
            let note: String?
            let count: Int
            init(from decoder: any Decoder) throws {
                var fields = try FieldDecoder(decoder)
                note = fields.optional("note")
                count = try fields.required("count")
                try fields.finish()
            }
        }
        #expect {
            _ = try decode(Pair.self, #"{"note": [], "count": 2}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["note"]
        }
    }

    @Test func anObjectIsRequiredEvenWithoutFields() throws {
        #expect(try decode(Empty.self, "{}") == Empty())
        #expect(throws: DecodingError.self) { try decode(Empty.self, "[]") }
        #expect(try encode(Empty()) == "{}")
    }

    @Test func encodingWritesJSONNamesAndLeavesOutNilOptionals() throws {
        let item = Item(id: 3, name: nil, tags: ["a"], createdAt: Date(timeIntervalSince1970: 0))
        #expect(try encode(item) == #"{"created_at":"1970-01-01T00:00:00Z","id":3,"tags":["a"]}"#)
        let roundTrip = try decode(Item.self, try encode(Item(id: 4, name: "four")))
        #expect(roundTrip == Item(id: 4, name: "four"))
    }

    /// A required nullable field is written as `null`, a fixed one is written but neither
    /// compared nor hashed, a chosen `nil` (``Nullable``) is written only when not absent.
    struct Patch: Encodable, Hashable, Sendable, _GeneratedObject {
        let deletedAt: String?
        let note: Nullable<String>

        init(deletedAt: String?, note: Nullable<String> = .absent) {
            self.deletedAt = deletedAt
            self.note = note
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.nullable("deleted_at", lhs.deletedAt, rhs.deletedAt)
            fields.field("note", lhs.note, rhs.note)
            fields.constant("kind", "patch")
        }
    }

    @Test func nullableFieldsAreWrittenAsNullAndConstantsAreWrittenButNotCompared() throws {
        #expect(try encode(Patch(deletedAt: nil)) == #"{"deleted_at":null,"kind":"patch"}"#)
        #expect(try encode(Patch(deletedAt: "x", note: .null)) == #"{"deleted_at":"x","kind":"patch","note":null}"#)
        #expect(try encode(Patch(deletedAt: nil, note: "n")) == #"{"deleted_at":null,"kind":"patch","note":"n"}"#)
        #expect(Patch(deletedAt: nil, note: .null) != Patch(deletedAt: nil))
        #expect(Patch(deletedAt: nil).hashValue == Patch(deletedAt: nil).hashValue)
    }

    @Test func equalityAndHashingLookAtEveryField() {
        let base = Item(id: 1, name: "a", tags: ["x"])
        #expect(base == Item(id: 1, name: "a", tags: ["x"]))
        #expect(base != Item(id: 2, name: "a", tags: ["x"]))
        #expect(base != Item(id: 1, name: nil, tags: ["x"]))
        #expect(base != Item(id: 1, name: "a", tags: []))
        #expect(base != Item(id: 1, name: "a", tags: ["x"], createdAt: Date()))
        #expect(Set([base, Item(id: 1, name: "a", tags: ["x"]), Item(id: 1)]).count == 2)
        #expect(base.hashValue == Item(id: 1, name: "a", tags: ["x"]).hashValue)
    }
}

/// Extra properties (OpenAPI `additionalProperties`): `FieldDecoder.remaining()` and
/// `_FieldVisitor.remaining(_:_:declared:)`.
@Suite struct ExtraPropertiesTests {
    struct Labels: Codable, Hashable, Sendable, _GeneratedObject {
        let id: String
        let additionalProperties: [String: Int]

        init(id: String, additionalProperties: [String: Int] = [:]) {
            self.id = id
            self.additionalProperties = additionalProperties
        }

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder, keepsExtraProperties: true)
            self.init(id: try fields.required("id"), additionalProperties: fields.remaining())
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("id", lhs.id, rhs.id)
            fields.remaining(lhs.additionalProperties, rhs.additionalProperties, declared: ["id"])
        }
    }

    @Test func extraPropertiesTakePartInEquality() {
        #expect(Labels(id: "x", additionalProperties: ["a": 1]) == Labels(id: "x", additionalProperties: ["a": 1]))
        #expect(Labels(id: "x", additionalProperties: ["a": 1]) != Labels(id: "x", additionalProperties: ["a": 2]))
        #expect(Labels(id: "x", additionalProperties: ["a": 1]) != Labels(id: "x"))
    }

    @Test func undeclaredKeysAreCollectedAndWrittenBack() throws {
        let labels = try JSONDecoder().decode(Labels.self, from: Data(#"{"id": "x", "red": 1, "blue": 2}"#.utf8))
        #expect(labels == Labels(id: "x", additionalProperties: ["red": 1, "blue": 2]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(labels), as: UTF8.self) == #"{"blue":2,"id":"x","red":1}"#)
    }

    @Test func aDeclaredKeyIsNeverAnExtraOneAndWinsWhenEncoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let clash = Labels(id: "declared", additionalProperties: ["id": 5, "n": 1])
        #expect(String(decoding: try encoder.encode(clash), as: UTF8.self) == #"{"id":"declared","n":1}"#)
        let decoded = try JSONDecoder().decode(Labels.self, from: Data(#"{"id": "a"}"#.utf8))
        #expect(decoded.additionalProperties.isEmpty)
    }

    @Test func anExtraValueOfTheWrongTypeIsADecodingError() {
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Labels.self, from: Data(#"{"id": "x", "red": "not a number"}"#.utf8))
        }
    }
}

/// `JSONValue`: any JSON value, `null` included.
@Suite struct JSONValueTests {
    @Test func everyKindOfValueRoundTrips() throws {
        let text = #"[null,true,3,2.5,"s",[1,null],{"a":{"b":null}}]"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(
            value
                == .array([
                    .null, .bool(true), .int(3), .double(2.5), .string("s"), .array([.int(1), .null]),
                    .object(["a": .object(["b": .null])])
                ]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == text)
    }

    @Test func accessorsReadInsideObjectsAndArrays() throws {
        let value = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"{"list":[{"n":1.5,"ok":false,"name":"x"}],"none":null}"#.utf8))
        #expect(value["list"]?[0]?["n"]?.doubleValue == 1.5)
        #expect(value["list"]?[0]?["ok"]?.boolValue == false)
        #expect(value["list"]?[0]?["name"]?.stringValue == "x")
        #expect(value["none"]?.isNull == true)
        #expect(value["list"]?[5] == nil)
        #expect(value["missing"] == nil)
    }
}
