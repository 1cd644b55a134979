import Foundation
@_spi(Generated) import SpecwrightRuntime
import Testing

/// An optional, nullable field (`@NullableField`, a `Nullable` projected value) keeps the state it
/// is read in, and its equality is equality on the wire: equal values encode alike, a decoded
/// `null` equals `.null` built in code, absent and `null` stay apart (a `PATCH` sends them
/// differently), and `==` is reflexive (NaN included).
@Suite struct NullableStateTests {
    /// Shaped like a generated object with two such fields.
    struct Patch: Codable, Hashable, Sendable, _GeneratedObject {
        @NullableField private(set) var note: String?
        @NullableField private(set) var weight: Double?

        init(note: Nullable<String> = .absent, weight: Nullable<Double> = .absent) {
            self._note = NullableField(note)
            self._weight = NullableField(weight)
        }

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            self.init(note: fields.nullable("note"), weight: fields.nullable("weight"))
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("note", lhs.$note, rhs.$note)
            fields.field("weight", lhs.$weight, rhs.$weight)
        }
    }

    private func decode(_ json: String) throws -> Patch {
        try JSONDecoder().decode(Patch.self, from: Data(json.utf8))
    }

    private func encode(_ patch: Patch) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(patch), as: UTF8.self)
    }

    @Test func decodingKeepsTheStateAMissingKeyNullOrAValue() throws {
        #expect(try decode("{}").$note == .absent)
        #expect(try decode(#"{"note":null}"#).$note == .null)
        #expect(try decode(#"{"note":"x"}"#).$note == .value("x"))
        let (null, absent) = (try decode(#"{"note":null}"#), try decode("{}"))
        #expect(null.note == nil && absent.note == nil, "both read as nil")
        #expect(throws: DecodingError.self) { try decode(#"{"note":5}"#) }
        // A number written as text is read as in a plain optional number field.
        #expect(try decode(#"{"weight":"2.5"}"#).$weight == .value(2.5))
    }

    @Test func aDecodedNullEqualsNullBuiltInCodeAndEncodesTheSame() throws {
        let decoded = try decode(#"{"note":null}"#)
        for built in [Patch(note: .null), Patch(note: nil), Patch(note: Nullable(String?.none))] {
            #expect(decoded == built && built == decoded)
            #expect(decoded.hashValue == built.hashValue)
            #expect(try encode(decoded) == encode(built))
        }
        #expect(try encode(decoded) == #"{"note":null}"#)
        #expect(try decode(encode(decoded)) == decoded, "sent back as read")
    }

    @Test func absentAndNullStayApart() throws {
        let absent = try decode("{}")
        let null = try decode(#"{"note":null}"#)
        #expect(absent != null && Patch() != Patch(note: nil))
        #expect(absent == Patch())
        #expect(try encode(absent) == "{}")
        #expect(Nullable<String>.absent != .null && Nullable<String>.null != .value(""))
        #expect(Set([absent, null, Patch(), Patch(note: nil), Patch(note: "x")]).count == 3)
        // One state each: `==` agrees with the encoding for every pair.
        let values = [Patch(), Patch(note: nil), Patch(note: "x"), Patch(weight: nil), Patch(weight: 0)]
        for left in values {
            for right in values {
                let sameText = try encode(left) == encode(right)
                #expect((left == right) == sameText, "\(left) vs \(right)")
            }
        }
    }

    @Test func equalityIsReflexiveNaNIncluded() {
        let nan = Nullable<Double>.value(.nan)
        #expect(nan == nan && nan.hashValue == nan.hashValue)
        #expect(nan != .value(1) && nan != .null)
        let patch = Patch(weight: .value(.nan))
        #expect(patch == patch && patch.hashValue == Patch(weight: .value(.nan)).hashValue)
        #expect(Set([patch, patch]).count == 1)
        #expect(NullableField(nan) == NullableField(nan))
        let date = Nullable<Date>.value(Date(timeIntervalSinceReferenceDate: .nan))
        #expect(date == date)
    }
}
