import Foundation
@_spi(Generated) import SpecwrightRuntime
import Testing

/// A number field of a generated object also reads a JSON string holding a number: Flask's and
/// Django's JSON encoders and Rails write decimals as `"12.50"` while the document (apispec for
/// marshmallow's `Decimal`) says `type: number`. Only JSON number text is read, and a union's strict
/// pass still tells a number field from a string one.
@Suite struct NumberTextDecodingTests {
    struct Priced: Codable, Hashable, Sendable, _GeneratedObject {
        let price: Double
        let amount: Decimal?
        let ratio: Float?
        let count: Int?
        @NullableField private(set) var weight: Double?

        init(
            price: Double, amount: Decimal? = nil, ratio: Float? = nil, count: Int? = nil,
            weight: Nullable<Double> = .absent
        ) {
            self.price = price
            self.amount = amount
            self.ratio = ratio
            self.count = count
            self._weight = NullableField(weight)
        }

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            self.init(
                price: try fields.required("price"), amount: fields.optional("amount"), ratio: fields.optional("ratio"),
                count: fields.optional("count"), weight: fields.nullable("weight"))
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("price", lhs.price, rhs.price)
            fields.field("amount", lhs.amount, rhs.amount)
            fields.field("ratio", lhs.ratio, rhs.ratio)
            fields.field("count", lhs.count, rhs.count)
            fields.nullable("weight", lhs.weight, rhs.weight)
        }
    }

    /// A named string, the other alternative of `PriceOrLabel`.
    struct Labelled: Codable, Hashable, Sendable, _GeneratedObject {
        let price: String

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            price = try fields.required("price")
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("price", lhs.price, rhs.price)
        }
    }

    enum PriceOrLabel: Decodable, Hashable {
        case priced(Priced)
        case labelled(Labelled)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            for strict in UnionDecoding.passes {
                if let decoded = try? UnionDecoding.decode(Priced.self, from: value, strict: strict) {
                    self = .priced(decoded)
                    return
                }
                if let decoded = try? UnionDecoding.decode(Labelled.self, from: value, strict: strict) {
                    self = .labelled(decoded)
                    return
                }
            }
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "no alternative matches")
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func numberFieldsReadNumbersWrittenAsStrings() throws {
        let priced = try decode(
            Priced.self, #"{"price": "12.50", "amount": "0.1", "ratio": "-1.5e3", "weight": "4.25"}"#)
        #expect(priced == Priced(price: 12.5, amount: Decimal(string: "0.1"), ratio: -1500, weight: .value(4.25)))
        #expect(try decode(Priced.self, #"{"price": "-0", "amount": "1E+2"}"#).amount == 100)
    }

    @Test func numbersAreStillNumbersAndAreSentAsNumbers() throws {
        let priced = try decode(Priced.self, #"{"price": 12.5, "amount": 2, "weight": null}"#)
        #expect(priced == Priced(price: 12.5, amount: 2))
        let sent = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Priced(price: 12.5))) as? [String: Any]
        #expect(sent?["price"] as? Double == 12.5)
        #expect(!(sent?["price"] is String), "a number is sent as a number")
    }

    @Test(arguments: ["nan", "NaN", "Infinity", "0x1p3", " 1", "1 ", "1.", ".5", "+1", "01", "1e", "12,5", "", "twelve"]
    )
    func aStringThatIsNoJSONNumberIsStillAnError(_ text: String) {
        #expect(throws: DecodingError.self) { try decode(Priced.self, #"{"price": "\#(text)"}"#) }
        #expect(throws: DecodingError.self) { try decode(Priced.self, #"{"price": 1, "amount": "\#(text)"}"#) }
    }

    @Test func integerFieldsDoNotReadStrings() {
        #expect(throws: DecodingError.self) { try decode(Priced.self, #"{"price": 1, "count": "3"}"#) }
    }

    @Test func aUnionsStrictPassTellsANumberFieldFromAStringField() throws {
        #expect(
            try decode(PriceOrLabel.self, #"{"price": "12"}"#)
                == .labelled(try decode(Labelled.self, #"{"price": "12"}"#)))
        #expect(try decode(PriceOrLabel.self, #"{"price": 12}"#) == .priced(Priced(price: 12)))
    }
}
