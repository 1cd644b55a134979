import Foundation
@_spi(Generated) import SpecwrightRuntime
import Testing

/// `UnionDecoding`: how unions without a discriminator choose an alternative, exercised through
/// types written the way the default templates write them.
@Suite struct UnionDecodingTests {
    /// An object whose properties are a subset of `ProgressiveBlur`'s.
    struct NormalBlur: Codable, Hashable, Sendable, _GeneratedObject {
        let radius: Double?

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            radius = fields.optional("radius")
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("radius", lhs.radius, rhs.radius)
        }
    }

    struct ProgressiveBlur: Codable, Hashable, Sendable, _GeneratedObject {
        let radius: Double?
        let startRadius: Double?

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            radius = fields.optional("radius")
            startRadius = fields.optional("startRadius")
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("radius", lhs.radius, rhs.radius)
            fields.field("startRadius", lhs.startRadius, rhs.startRadius)
        }
    }

    /// An object that keeps undeclared keys as extra properties.
    struct Tagged: Codable, Hashable, Sendable, _GeneratedObject {
        let name: String?
        let extra: [String: String]

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder, keepsExtraProperties: true)
            name = fields.optional("name")
            extra = fields.remaining()
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("name", lhs.name, rhs.name)
            fields.remaining(lhs.extra, rhs.extra, declared: ["name"])
        }
    }

    enum Shape: OpenStringEnum {
        case circle
        case unknown(String)
        init(rawValue: String) { self = rawValue == "circle" ? .circle : .unknown(rawValue) }
        var rawValue: String {
            switch self {
            case .circle: "circle"
            case .unknown(let value): value
            }
        }
    }

    enum Kind: OpenStringEnum {
        case square
        case unknown(String)
        init(rawValue: String) { self = rawValue == "square" ? .square : .unknown(rawValue) }
        var rawValue: String {
            switch self {
            case .square: "square"
            case .unknown(let value): value
            }
        }
    }

    /// The template's union without a discriminator.
    enum Blur: Codable, Hashable, Sendable {
        case normal(NormalBlur)
        case progressive(ProgressiveBlur)
        case tagged(Tagged)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            for strict in UnionDecoding.passes {
                if let decoded = try? UnionDecoding.decode(NormalBlur.self, from: value, strict: strict) {
                    self = .normal(decoded)
                    return
                }
                if let decoded = try? UnionDecoding.decode(ProgressiveBlur.self, from: value, strict: strict) {
                    self = .progressive(decoded)
                    return
                }
                if let decoded = try? UnionDecoding.decode(Tagged.self, from: value, strict: strict) {
                    self = .tagged(decoded)
                    return
                }
            }
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "no alternative of Blur matches")
        }

        func encode(to encoder: any Encoder) throws {}
    }

    enum ShapeOrKind: Codable, Hashable, Sendable {
        case shape(Shape)
        case kind(Kind)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            for strict in UnionDecoding.passes {
                if let decoded = try? UnionDecoding.decode(Shape.self, from: value, strict: strict) {
                    self = .shape(decoded)
                    return
                }
                if let decoded = try? UnionDecoding.decode(Kind.self, from: value, strict: strict) {
                    self = .kind(decoded)
                    return
                }
            }
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "no alternative of ShapeOrKind matches")
        }

        func encode(to encoder: any Encoder) throws {}
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func anObjectWithMoreKeysIsNotReadAsTheSmallerAlternativeThatComesFirst() throws {
        #expect(
            try decode(Blur.self, #"{"radius": 1, "startRadius": 2}"#)
                == .progressive(try decode(ProgressiveBlur.self, #"{"radius": 1, "startRadius": 2}"#)))
        #expect(try decode(Blur.self, #"{"radius": 1}"#) == .normal(try decode(NormalBlur.self, #"{"radius": 1}"#)))
    }

    @Test func withNoStrictMatchTheFirstAlternativeThatDecodesWins() throws {
        // `Tagged` keeps any key, so it matches strictly: extra properties are declared to exist.
        let tagged = try decode(Blur.self, #"{"name": "x", "colour": "red"}"#)
        guard case .tagged(let value) = tagged else { Issue.record("expected .tagged, got \(tagged)"); return }
        #expect(value.extra == ["colour": "red"])
        // No alternative declares `colour` and `radius` together: the lenient pass takes the first.
        #expect(
            try decode([Blur].self, #"[{"radius": 1, "colour": "red"}]"#) == [
                .normal(try decode(NormalBlur.self, #"{"radius": 1}"#))
            ])
    }

    @Test func openEnumsMatchStrictlyOnlyTheValuesTheyDeclare() throws {
        #expect(try decode(ShapeOrKind.self, #""square""#) == .kind(.square))
        #expect(try decode(ShapeOrKind.self, #""circle""#) == .shape(.circle))
        #expect(try decode(ShapeOrKind.self, #""hexagon""#) == .shape(.unknown("hexagon")))
    }

    @Test func outsideAUnionUndeclaredKeysAndUnknownValuesStillDecode() throws {
        #expect(try decode(NormalBlur.self, #"{"radius": 1, "startRadius": 2}"#).radius == 1)
        #expect(try decode(Kind.self, #""round""#) == .unknown("round"))
    }
}

/// Nested unions: the strict pass of an outer union is not repeated at every level inside it.
extension UnionDecodingTests {
    final class Counter: @unchecked Sendable {  // guarded by `lock`
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func increment() { lock.withLock { value += 1 } }
    }

    struct Leaf: Codable, Hashable, Sendable, _GeneratedObject {
        let value: Int

        init(from decoder: any Decoder) throws {
            var fields = try FieldDecoder(decoder)
            value = try fields.required("value")
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("value", lhs.value, rhs.value)
        }
    }

    struct Group: Codable, Hashable, Sendable, _GeneratedObject {
        @TaskLocal static var decodes: Counter?
        let children: [Tree]?

        init(from decoder: any Decoder) throws {
            Self.decodes?.increment()
            var fields = try FieldDecoder(decoder)
            children = fields.optional("children")
            try fields.finish()
        }

        static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
            fields.field("children", lhs.children, rhs.children)
        }
    }

    indirect enum Tree: Codable, Hashable, Sendable {
        case leaf(Leaf)
        case group(Group)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            for strict in UnionDecoding.passes {
                if let decoded = try? UnionDecoding.decode(Leaf.self, from: value, strict: strict) {
                    self = .leaf(decoded)
                    return
                }
                if let decoded = try? UnionDecoding.decode(Group.self, from: value, strict: strict) {
                    self = .group(decoded)
                    return
                }
            }
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "no alternative of Tree matches")
        }

        func encode(to encoder: any Encoder) throws {}
    }

    @Test func nestedUnionsThatNeverMatchStrictlyCostQuadraticNotExponentialWork() throws {
        // Twelve groups deep, each with a key no alternative declares: every strict pass fails.
        var json = #"{"value": 1}"#
        for _ in 0..<12 { json = #"{"note": "x", "children": [\#(json)]}"# }
        let counter = Counter()
        let tree = try Group.$decodes.withValue(counter) { try decode(Tree.self, json) }
        var depth = 0
        var node = tree
        while case .group(let group) = node, let child = group.children?.first {
            depth += 1
            node = child
        }
        let leaf = try decode(Leaf.self, #"{"value": 1}"#)
        #expect(depth == 12)
        #expect(node == .leaf(leaf))
        // Level k decodes its subtree once strictly (12 − k groups) and once leniently: Σ ≈ 12²/2 + 12.
        // Without `UnionDecoding.passes` skipping the repeated lenient pass inside strict ones it is 2^12.
        #expect(counter.count < 200, "group decodes: \(counter.count)")
    }
}
