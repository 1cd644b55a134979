import Foundation
@_spi(Generated) import SpecwrightRuntime
import Testing

/// `_GeneratedObject` and `FieldEquality`: equality and hashing field by field, reflexive for
/// every value.
@Suite struct ObjectFieldsEqualityTests {
    struct Box: Encodable, Hashable, Sendable, _GeneratedObject {
        let counts: [String: Int]
        let values: [Double]
        let ratio: Double?
        let scale: Float
        let when: Date?

        init(
            counts: [String: Int] = [:], values: [Double] = [], ratio: Double? = nil, scale: Float = 1,
            when: Date? = nil
        ) {
            self.counts = counts
            self.values = values
            self.ratio = ratio
            self.scale = scale
            self.when = when
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("counts", lhs.counts, rhs.counts)
            fields.field("values", lhs.values, rhs.values)
            fields.field("ratio", lhs.ratio, rhs.ratio)
            fields.field("scale", lhs.scale, rhs.scale)
            fields.field("when", lhs.when, rhs.when)
        }
    }

    @Test func dictionaryOrderDoesNotChangeEqualityOrHash() {
        var forward: [String: Int] = [:]
        var backward: [String: Int] = [:]
        let keys = (0..<50).map { "key\($0)" }
        for key in keys { forward[key] = key.count }
        for key in keys.reversed() { backward[key] = key.count }
        #expect(Box(counts: forward) == Box(counts: backward))
        #expect(Box(counts: forward).hashValue == Box(counts: backward).hashValue)
    }

    @Test func everyFieldTakesPartInEquality() {
        let base = Box(counts: ["a": 1], values: [1], ratio: 0.5, when: Date(timeIntervalSince1970: 5))
        #expect(base == Box(counts: ["a": 1], values: [1], ratio: 0.5, when: Date(timeIntervalSince1970: 5)))
        #expect(base != Box(counts: ["a": 2], values: [1], ratio: 0.5, when: Date(timeIntervalSince1970: 5)))
        #expect(base != Box(counts: ["a": 1], values: [1, 1], ratio: 0.5, when: Date(timeIntervalSince1970: 5)))
        #expect(base != Box(counts: ["a": 1], values: [1], ratio: nil, when: Date(timeIntervalSince1970: 5)))
        #expect(base != Box(counts: ["a": 1], values: [1], ratio: 0.5, scale: 2, when: Date(timeIntervalSince1970: 5)))
        #expect(base != Box(counts: ["a": 1], values: [1], ratio: 0.5, when: Date(timeIntervalSince1970: 6)))
        #expect(base != Box(counts: ["a": 1], values: [1], ratio: 0.5, when: nil))
    }

    @Test func aValueThatCannotBeEncodedAsJSONStillEqualsItselfAndHashesAlike() throws {
        // JSONEncoder refuses NaN and infinity: the old encoding-based `==` made these unequal to themselves.
        let values = [
            Box(ratio: .nan), Box(values: [.nan]), Box(scale: .nan), Box(ratio: .infinity, scale: -.infinity),
            Box(when: Date(timeIntervalSinceReferenceDate: .nan)), Box(ratio: -.nan, scale: .signalingNaN)
        ]
        for value in values {
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(value) }
            let copy = value
            #expect(value == copy)
            #expect(value.hashValue == copy.hashValue)
            #expect(Set([value, copy]).count == 1)
        }
        #expect(Box(ratio: .nan) != Box(ratio: 1))
        #expect(Box(ratio: .nan) != Box(ratio: nil))
    }

    @Test func zeroAndNegativeZeroAreEqualAsForDouble() {
        #expect(Box(ratio: 0.0) == Box(ratio: -0.0))
        #expect(Box(ratio: 0.0).hashValue == Box(ratio: -0.0).hashValue)
    }
}

/// `JSONValue`'s equality is reflexive, NaN included.
@Suite struct JSONValueEqualityTests {
    @Test func aNaNValueEqualsItselfAndHashesAlike() {
        let value = JSONValue.object(["n": .double(.nan), "list": .array([.double(.nan)])])
        let copy = value
        #expect(value == copy)
        #expect(JSONValue.double(.nan) == .double(.nan))
        #expect(JSONValue.double(.nan).hashValue == JSONValue.double(.nan).hashValue)
        #expect(JSONValue.double(.nan) != .double(1))
        #expect(JSONValue.int(1) != .double(1))
        #expect(Set([value, copy]).count == 1)
    }
}
