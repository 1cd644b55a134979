import Foundation

/// Swift expressions that turn parameter values into the strings a request carries
/// (path segments, header values, form fields).
struct ValueFormatting {
    /// What the generator knows about each declared type, by name.
    enum DeclaredKind {
        case stringEnum
        case integerEnum
        case other
        case alias(IR.TypeReference)
    }

    let kinds: [String: DeclaredKind]
    /// How the service writes dates as text (the runtime's `DateCoding.string(from:)`).
    let dates: IR.DateCoding

    init(types: [IR.TypeDeclaration], dates: IR.DateCoding = .iso8601) {
        self.dates = dates
        var kinds: [String: DeclaredKind] = [:]
        func visit(_ declaration: IR.TypeDeclaration) {
            switch declaration {
            case .stringEnum(let value): kinds[value.name.name] = .stringEnum
            case .integerEnum(let value): kinds[value.name.name] = .integerEnum
            case .alias(let value): kinds[value.name.name] = .alias(value.type)
            case .union(let value): kinds[value.name.name] = .other
            case .structure(let value):
                kinds[value.name.name] = .other
                value.nestedTypes.forEach(visit)
            }
        }
        types.forEach(visit)
        self.kinds = Self.resolvingAliasChains(kinds)
    }

    /// Each alias with the type at the end of its chain of aliases (`A = B`, `B = C`, `C = Int`:
    /// `A = Int`), so that the queries below take one step per alias however long the chain;
    /// an alias in a cycle (which the importers reject) counts as `other`.
    private static func resolvingAliasChains(_ kinds: [String: DeclaredKind]) -> [String: DeclaredKind] {
        var resolved = kinds
        var finished: Set<String> = []
        for name in kinds.keys.sorted() where !finished.contains(name) {
            var chain: [String] = []
            var onChain: Set<String> = []
            var current = name
            var end: DeclaredKind
            while true {
                if finished.contains(current) {
                    end = resolved[current] ?? .other
                    break
                }
                guard case .alias(let target)? = kinds[current] else {
                    end = kinds[current] ?? .other
                    break
                }
                guard onChain.insert(current).inserted else {
                    end = .other
                    break
                }
                chain.append(current)
                guard case .named(let next) = target, case .alias? = kinds[next.name] else {
                    end = .alias(target)
                    break
                }
                current = next.name
            }
            for member in chain {
                resolved[member] = end
                finished.insert(member)
            }
        }
        return resolved
    }

    /// Whether values of the non-optional `type` conform to the runtime's `QueryValueConvertible`
    /// (scalars, UUIDs, URLs, dates and open enums), so they can be appended to a query or form
    /// as they are.
    func isQueryValue(_ type: IR.TypeReference) -> Bool {
        switch type {
        case .builtin(let builtin):
            return builtin != .data && builtin != .file
        case .named(let name):
            switch kinds[name.name] {
            case .stringEnum, .integerEnum: return true
            case .alias(let target): return isQueryValue(target)
            case .other, nil: return false
            }
        case .optional, .array, .dictionary:
            return false
        }
    }

    /// Whether `type` is the runtime's untyped `JSONValue` (directly or through aliases).
    func isUntyped(_ type: IR.TypeReference) -> Bool {
        guard case .named(let name) = type else { return false }
        switch kinds[name.name] {
        case .alias(let target): return isUntyped(target)
        case nil: return name.name == "JSONValue"
        default: return false
        }
    }

    /// The runtime's `DateCoding` case for the service's dates, as an expression.
    var datesExpression: String {
        "DateCoding.\(dates.rawValue)"
    }

    /// An expression of type `String` for `value` (an expression of non-optional `type`).
    func stringExpression(_ value: String, type: IR.TypeReference) -> String {
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .string: return value
            case .int, .int32, .int64, .float, .double, .bool: return "String(\(value))"
            case .uuid: return "\(value).uuidString"
            case .url: return "\(value).absoluteString"
            case .date: return "DateCoding.\(dates.rawValue).string(from: \(value))"
            case .calendarDate: return "\(value).description"
            case .data: return "\(value).base64EncodedString()"
            case .file: return "\(value).filename"
            }
        case .named(let name):
            switch kinds[name.name] {
            case .stringEnum: return "\(value).rawValue"
            case .integerEnum: return "String(\(value).rawValue)"
            case .alias(let target): return stringExpression(value, type: target)
            case .other, nil: return "String(describing: \(value))"
            }
        case .optional(let wrapped):
            return "(\(value).map { \(stringExpression("$0", type: wrapped)) } ?? \"\")"
        case .array(let element):
            return "\(value).map { \(stringExpression("$0", type: element)) }.joined(separator: \",\")"
        case .dictionary:
            return "String(describing: \(value))"
        }
    }

    /// An expression of type `String` for `value` (non-optional) of a header or path parameter:
    /// the runtime's `ParameterText` for `content` parameters (JSON text) and structured values
    /// (OpenAPI's `simple` style), `stringExpression` for everything else.
    func textExpression(_ value: String, parameter: IR.Parameter) -> String {
        switch parameter.objectStyle {
        case .json: "ParameterText.json(\(value), dates: \(datesExpression))"
        case .simple(let explode): "ParameterText.simple(\(value), explode: \(explode), dates: \(datesExpression))"
        case .form, .deepObject, .path: stringExpression(value, type: parameter.type.nonOptional)
        }
    }

    /// Whether a path segment holds a parameter in a path style the runtime expands
    /// (``IR/ObjectStyle/path(_:explode:)``): the endpoint then sends percent-encoded segments.
    func isStyled(_ segment: IR.PathSegment, parameters: [IR.Parameter]) -> Bool {
        segment.pieces.contains { piece in
            guard case .parameter(let name) = piece, let parameter = parameters.first(where: { $0.name == name }),
                case .path = parameter.objectStyle
            else { return false }
            return true
        }
    }

    /// The elements of a path segment joined into one percent-encoded `String` expression:
    /// literals encoded here, styled parameters through `PathSegmentText.expand`, the others
    /// through `PathSegmentText.encoded`.
    func encodedSegmentExpression(_ segment: IR.PathSegment, parameters: [IR.Parameter]) -> String {
        let parts = segment.pieces.map { piece -> String in
            switch piece {
            case .literal(let literal):
                let text = literal.value.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
                return IR.StringLiteral(text).code
            case .parameter(let name):
                guard let parameter = parameters.first(where: { $0.name == name }) else { return name.code }
                guard case .path(let style, let explode) = parameter.objectStyle else {
                    return "PathSegmentText.encoded(\(textExpression(name.code, parameter: parameter)))"
                }
                return
                    "PathSegmentText.expand(\(name.code), name: \(parameter.wireName.code), style: .\(style.rawValue), "
                    + "explode: \(explode), dates: \(datesExpression))"
            }
        }
        // A call, not `+`: the printer wraps a long call at its arguments as swift-format does.
        return parts.count == 1 ? parts[0] : "PathSegmentText.joined(\(parts.joined(separator: ", ")))"
    }

    /// RFC 3986's unreserved characters: what a percent-encoded literal keeps.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The elements of a path segment joined into one `String` expression.
    func segmentExpression(_ segment: IR.PathSegment, parameters: [IR.Parameter]) -> String {
        let parts = segment.pieces.map { piece -> String in
            switch piece {
            case .literal(let literal):
                return literal.code
            case .parameter(let name):
                guard let parameter = parameters.first(where: { $0.name == name }) else { return name.code }
                return textExpression(name.code, parameter: parameter)
            }
        }
        return parts.joined(separator: " + ")
    }

    /// The `Data` of a multipart part for a (non-optional) value.
    func dataExpression(_ value: String, type: IR.TypeReference) -> String {
        if case .builtin(.data) = type { return value }
        return "Data(\(stringExpression(value, type: type)).utf8)"
    }
}
