import Foundation
import SpecwrightYAML

/// Values a schema fixes (`default`, `const`) that cannot be values of the schema's type: a
/// string default for an integer, `99999999999999999999` for an `int64`, `1e400` for a number, a
/// default that is not one of the enum's values. Such a default is left out (the value is
/// optional, so the server's own default applies) with a `structure` warning at the value; it
/// is never turned into Swift that does not compile. A value of an enum's type that the enum
/// does not list is kept as its catch-all case, with the warning.
extension OpenAPIImporter {
    /// Warns (once per value) when `value`, the `keyword` of a schema, is not a value of `type`;
    /// true when it is not.
    /// A value of an enum's type that is not one of its values is kept (it is the enum's catch-all
    /// case, `.unknown(7)`, and what the document says to send), with the warning.
    mutating func reportsMisfit(_ value: Node, keyword: String, type: IR.TypeReference) -> Bool {
        guard let reason = misfit(value, type: type) else { return false }
        let kept = reason.written.hasPrefix(Self.notAnEnumValue)
        if declared.reportedOnce.insert(value.location).inserted {
            let subject = value.scalar == nil ? "" : Self.shown(value) + " "
            let outcome =
                kept
                ? "it is kept as the enum's catch-all case"
                : keyword == "const" ? "the property is not fixed to it" : "it is left out"
            skip(.structure, quoting: "the '\(keyword)' value \(subject)\(reason); \(outcome)", at: value.location)
        }
        return !kept
    }

    private static let notAnEnumValue = "is not one of the values of"

    /// The values of an integer enum that are not integers the client can hold: one too large for
    /// a 64-bit integer is an error (the server may send it, and the client could neither decode
    /// nor send it); one that is no integer at all can never be valid, a warning. Both are left out.
    mutating func reportIntegerEnumMisfits(_ values: [Node], of name: IR.TypeName) {
        for value in values where value.openAPIInt == nil {
            if Self.isWholeNumber(value) {
                diagnostics.error(
                    quoting:
                        "enum value \(Self.shown(value)) of '\(type: name)' does not fit a 64-bit integer: the client could neither decode nor send it",
                    at: value.location)
            } else {
                skip(
                    .structure,
                    quoting: "enum value \(Self.shown(value)) of '\(type: name)' is not an integer; it is left out",
                    at: value.location)
            }
        }
    }

    /// Why `value` cannot be a value of `type` (`is not a string`, `does not fit a 32-bit integer`),
    /// or nil when it can (or when the type does not say).
    mutating func misfit(_ value: Node, type: IR.TypeReference) -> DiagnosticText? {
        if value.isNullScalar { return nil }
        switch type {
        case .optional(let wrapped):
            return misfit(value, type: wrapped)
        case .builtin(let builtin):
            return misfit(value, builtin: builtin).map { DiagnosticText($0) }
        case .array(let element):
            guard let items = value.sequence else { return "is not an array" }
            for (index, item) in items.enumerated() {
                if let reason = misfit(item, type: element) {
                    return "holds \(Self.shown(item)) (element \(index + 1)), which \(reason)"
                }
            }
            return nil
        case .dictionary(let valueType):
            guard value.mapping != nil else { return "is not an object" }
            for entry in value.openAPIEntries {
                if let reason = misfit(entry.value, type: valueType) {
                    return "holds \(Self.shown(entry.value)) (at '\(entry.key)'), which \(reason)"
                }
            }
            return nil
        case .named(let name):
            return misfit(value, named: name)
        }
    }

    private mutating func misfit(_ value: Node, named name: IR.TypeName) -> DiagnosticText? {
        if case .alias(let target)? = declared.kinds[name.id] { return misfit(value, type: target) }
        if case .structure? = declared.kinds[name.id] {
            return value.mapping == nil ? "is not an object" : nil
        }
        if let (cases, _) = integerEnumCases(named: name) {
            guard let number = value.openAPIInt else { return misfit(value, builtin: .int).map { DiagnosticText($0) } }
            return cases[number] == nil ? "\(Self.notAnEnumValue) '\(type: name)'" : nil
        }
        if let (cases, _) = stringEnumCases(named: name) {
            guard let text = value.string else { return "is not a string" }
            return cases[text] == nil ? "\(Self.notAnEnumValue) '\(type: name)'" : nil
        }
        return nil
    }

    private func misfit(_ value: Node, builtin: IR.BuiltinType) -> String? {
        switch builtin {
        case .string:
            return value.string == nil ? "is not a string" : nil
        case .bool:
            return value.openAPIBool == nil ? "is not a boolean" : nil
        case .int, .int64:
            if value.openAPIInt != nil { return nil }
            return Self.isWholeNumber(value) ? "does not fit a 64-bit integer" : "is not an integer"
        case .int32:
            if let number = value.openAPIInt {
                return Int32(exactly: number) == nil ? "does not fit a 32-bit integer" : nil
            }
            return Self.isWholeNumber(value) ? "does not fit a 32-bit integer" : "is not an integer"
        case .double, .float:
            guard let number = Self.number(value) else { return "is not a number" }
            let limit = builtin == .float ? Double(Float.greatestFiniteMagnitude) : Double.greatestFiniteMagnitude
            return number.isFinite && abs(number) <= limit
                ? nil : "does not fit a \(builtin == .float ? "Float" : "Double")"
        case .calendarDate:
            return value.string.map(CalendarDateText.isValid) == true ? nil : "is not a date (YYYY-MM-DD)"
        case .uuid:
            return value.string.flatMap(UUID.init(uuidString:)) == nil ? "is not a UUID" : nil
        default:
            return nil
        }
    }

    /// The value of a number scalar (an integer too large for `Int` included).
    static func number(_ value: Node) -> Double? {
        guard case .scalar(let scalar) = value.kind else { return nil }
        switch scalar.value {
        case .int(let number): return Double(number)
        case .float(let number): return number
        case .bigInt: return Double(scalar.text)
        default: return nil
        }
    }

    private static func isWholeNumber(_ value: Node) -> Bool {
        guard case .scalar(let scalar) = value.kind else { return false }
        if case .bigInt = scalar.value { return true }
        return false
    }

    /// A value as it is written, for messages (long values cut).
    private static func shown(_ value: Node) -> String {
        guard let text = value.scalar?.text else { return value.mapping != nil ? "an object" : "an array" }
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return value.string != nil ? "'\(cut)'" : cut
    }
}
