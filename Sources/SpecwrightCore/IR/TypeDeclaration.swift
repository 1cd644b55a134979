extension IR {
    /// A named type the generated code declares.
    public enum TypeDeclaration: Hashable, Sendable {
        /// An object: a `struct` with properties (also the result of `allOf` composition).
        case structure(Structure)
        /// A string enum with an `unknown(String)` catch-all.
        case stringEnum(StringEnum)
        /// An integer enum with an `unknown(Int)` catch-all.
        case integerEnum(IntegerEnum)
        /// One of several types (`oneOf`/`anyOf`), optionally told apart by a discriminator.
        case union(Union)
        /// Another name for a type expression (e.g. a named array schema).
        case alias(Alias)

        /// The declared type's identity.
        public var id: TypeID { name.id }

        /// The declared name.
        public var name: TypeName {
            switch self {
            case .structure(let declaration): declaration.name
            case .stringEnum(let declaration): declaration.name
            case .integerEnum(let declaration): declaration.name
            case .union(let declaration): declaration.name
            case .alias(let declaration): declaration.name
            }
        }
    }

    /// A `struct` DTO.
    public struct Structure: Hashable, Sendable {
        /// The type name.
        public var name: TypeName
        /// Its doc comment.
        public var documentation: Documentation
        /// Stored properties in declaration order.
        public var properties: [Property]
        /// Types declared inside this one (OpenAPI inline schemas), in order.
        public var nestedTypes: [TypeDeclaration]
        /// The types whose properties were merged into this one (`allOf`), for documentation.
        public var composedOf: [TypeReference]
        /// Where the object keeps keys its schema does not declare, when it keeps them.
        public var additionalProperties: AdditionalProperties?

        /// Creates a structure.
        public init(
            name: TypeName, documentation: Documentation, properties: [Property],
            nestedTypes: [TypeDeclaration] = [], composedOf: [TypeReference] = [],
            additionalProperties: AdditionalProperties? = nil
        ) {
            self.name = name
            self.documentation = documentation
            self.properties = properties
            self.nestedTypes = nestedTypes
            self.composedOf = composedOf
            self.additionalProperties = additionalProperties
        }
    }

    /// The extra properties of an object (OpenAPI `additionalProperties` next to `properties`):
    /// every key that is not a declared property, kept in a `[String: valueType]` property.
    public struct AdditionalProperties: Hashable, Sendable {
        /// The Swift property that holds them.
        public var name: Identifier
        /// The type of each value.
        public var valueType: TypeReference

        /// Creates the description.
        public init(name: Identifier, valueType: TypeReference) {
            self.name = name
            self.valueType = valueType
        }
    }

    /// A stored property of a ``Structure``.
    public struct Property: Hashable, Sendable {
        /// The property name.
        public var name: Identifier
        /// The JSON key.
        public var jsonKey: StringLiteral
        /// The property type (optional when the key may be absent or `null`).
        public var type: TypeReference
        /// The default value as a Swift expression: the memberwise `init`'s default argument and,
        /// unless ``requiresKey``, the value decoding uses when the key is absent.
        public var defaultValue: Expression?
        /// Whether decoding requires the key although the property has a ``defaultValue``: the
        /// default only pre-fills the memberwise initializer, the value is always sent and always
        /// expected (an OpenAPI `required` property with a `default`).
        public var requiresKey = false
        /// Its doc comment.
        public var documentation: Documentation
        /// What `nil` is on the wire: left out, `null`, or the caller's choice. Only optional
        /// types send anything but nothing.
        public var nilEncoding: NilEncoding

        /// The value the type fixes for this property (a union's discriminator value, an OpenAPI
        /// `const`), as a Swift expression of ``type``: the property is computed, not an
        /// initializer argument; decoding checks the value when the key is present.
        public var fixedValue: Expression?

        /// Whether the document marks the property `readOnly` in a type a request sends: the
        /// runtime leaves it out of request bodies (`fields.readOnly(…)`), and keeps it anywhere
        /// else a value is encoded.
        public var readOnly = false

        /// Whether `nil` is sent as JSON `null` rather than left out: the key is required but its
        /// value may be null (OpenAPI `required` and nullable).
        public var encodesNull: Bool { nilEncoding == .null }

        /// Creates a property. `encodesNull: true` is `nilEncoding: .null`.
        public init(
            name: Identifier, jsonKey: StringLiteral, type: TypeReference, defaultValue: Expression? = nil,
            documentation: Documentation = .none, encodesNull: Bool = false, nilEncoding: NilEncoding = .omitted,
            fixedValue: Expression? = nil
        ) {
            self.fixedValue = fixedValue
            self.name = name
            self.jsonKey = jsonKey
            self.type = type
            self.defaultValue = defaultValue
            self.documentation = documentation
            self.nilEncoding = type.isOptional ? (encodesNull ? .null : nilEncoding) : .omitted
        }
    }

    /// What an optional property's `nil` becomes in a JSON object.
    public enum NilEncoding: String, Hashable, Sendable {
        /// The key is left out (a plain optional).
        case omitted
        /// `null` is sent: the key is required but may be null (the runtime's `RequiredNullable`).
        case null
        /// The caller chooses, per value: left out, `null`, or a value (the runtime's `Nullable`,
        /// stored by `NullableField`): PATCH semantics for an optional, nullable field.
        case chosen
    }

    /// A string enum.
    public struct StringEnum: Hashable, Sendable {
        /// The type name.
        public var name: TypeName
        /// Its doc comment.
        public var documentation: Documentation
        /// Known cases in spec order.
        public var cases: [StringEnumCase]
        /// The catch-all case holding values this client does not know (`unknown`).
        public var unknownCaseName: Identifier

        /// Creates a string enum.
        public init(
            name: TypeName, documentation: Documentation, cases: [StringEnumCase], unknownCaseName: Identifier
        ) {
            self.name = name
            self.documentation = documentation
            self.cases = cases
            self.unknownCaseName = unknownCaseName
        }
    }

    /// A known case of a ``StringEnum``.
    public struct StringEnumCase: Hashable, Sendable {
        /// The case name.
        public var name: Identifier
        /// The wire value.
        public var rawValue: StringLiteral
        /// Its doc comment.
        public var documentation: Documentation

        /// Creates a case.
        public init(name: Identifier, rawValue: StringLiteral, documentation: Documentation = .none) {
            self.name = name
            self.rawValue = rawValue
            self.documentation = documentation
        }
    }

    /// An integer enum (OpenAPI `type: integer` with `enum:`).
    public struct IntegerEnum: Hashable, Sendable {
        /// The type name.
        public var name: TypeName
        /// Its doc comment.
        public var documentation: Documentation
        /// Known cases in spec order.
        public var cases: [IntegerEnumCase]
        /// The catch-all case holding values this client does not know (`unknown`).
        public var unknownCaseName: Identifier

        /// Creates an integer enum.
        public init(
            name: TypeName, documentation: Documentation, cases: [IntegerEnumCase], unknownCaseName: Identifier
        ) {
            self.name = name
            self.documentation = documentation
            self.cases = cases
            self.unknownCaseName = unknownCaseName
        }
    }

    /// A known case of an ``IntegerEnum``.
    public struct IntegerEnumCase: Hashable, Sendable {
        /// The case name.
        public var name: Identifier
        /// The wire value.
        public var rawValue: Int
        /// Its doc comment.
        public var documentation: Documentation

        /// Creates a case.
        public init(name: Identifier, rawValue: Int, documentation: Documentation = .none) {
            self.name = name
            self.rawValue = rawValue
            self.documentation = documentation
        }
    }

    /// A value that is one of several types.
    public struct Union: Hashable, Sendable {
        /// `oneOf` (exactly one matches) or `anyOf` (the first that decodes is taken).
        public enum Kind: String, Hashable, Sendable {
            /// OpenAPI `oneOf`.
            case oneOf
            /// OpenAPI `anyOf`.
            case anyOf
        }

        /// The type name.
        public var name: TypeName
        /// Its doc comment.
        public var documentation: Documentation
        /// `oneOf` or `anyOf`.
        public var kind: Kind
        /// The alternatives in order (decoding without a discriminator tries them in this order).
        public var cases: [UnionCase]
        /// The JSON key whose value selects the case, if the spec names one.
        public var discriminator: StringLiteral?
        /// Whether the enum is `indirect` (it contains itself, directly or through other types).
        public var isIndirect: Bool

        /// Creates a union.
        public init(
            name: TypeName, documentation: Documentation, kind: Kind, cases: [UnionCase],
            discriminator: StringLiteral? = nil, isIndirect: Bool = false
        ) {
            self.name = name
            self.documentation = documentation
            self.kind = kind
            self.cases = cases
            self.discriminator = discriminator
            self.isIndirect = isIndirect
        }
    }

    /// One alternative of a ``Union``.
    public struct UnionCase: Hashable, Sendable {
        /// The case name.
        public var name: Identifier
        /// The payload type.
        public var type: TypeReference
        /// Discriminator values that select this case (empty without a discriminator).
        public var discriminatorValues: [StringLiteral]

        /// Creates a union case.
        public init(name: Identifier, type: TypeReference, discriminatorValues: [StringLiteral] = []) {
            self.name = name
            self.type = type
            self.discriminatorValues = discriminatorValues
        }
    }

    /// `typealias Name = Type`.
    public struct Alias: Hashable, Sendable {
        /// The alias name.
        public var name: TypeName
        /// Its doc comment.
        public var documentation: Documentation
        /// The aliased type.
        public var type: TypeReference

        /// Creates an alias.
        public init(name: TypeName, documentation: Documentation, type: TypeReference) {
            self.name = name
            self.documentation = documentation
            self.type = type
        }
    }
}
