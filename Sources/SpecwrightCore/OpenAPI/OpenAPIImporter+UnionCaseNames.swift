import SpecwrightYAML

/// Names of inline union alternatives (#14 item 2: no digits the spec did not write). An inline
/// alternative is named after what selects it, in this order: its `title`; the values of a
/// required property whose schema is an `enum`/`const` no sibling shares (`type: [MOUSE_ENTER, …]` →
/// `mouse`, `[BACK, CLOSE]` → `backOrClose`, one value → that value); the properties only it has
/// (`withMagnet`); an enum alternative's values; an array after its element (`[User]` → `users`).
/// Only when none of these exists is it named after its position, in words (`firstOption`), with
/// a `naming` warning.
extension OpenAPIImporter {
    /// The name (spec words, converted later) of the inline alternative `index` of `members`,
    /// nil when the alternative's type names it (`string`, `int`, `[User]` → `users`).
    /// `positional` is true when nothing but its position names it.
    func inlineAlternativeLabel(
        _ members: [Schema], index: Int, discriminator: String?
    ) -> (label: String?, positional: Bool) {
        let member = members[index]
        if let title = member.title, member.hasTitle { return (title, false) }
        let siblings = members.indices.filter { $0 != index }.map { siblingSchema(members[$0]) }
        if let items = member.items, member.reference == nil, member.types.contains("array") || member.types.isEmpty {
            if let name = items.reference.flatMap({ componentSchemaName($0.text) }) {
                return (Self.plural(name), false)
            }
            if let title = items.title, items.hasTitle { return (Self.plural(title), false) }
            return (nil, false)
        }
        if let values = Self.enumTexts(member) {
            let others = siblings.compactMap { $0.flatMap(Self.enumTexts) }
            return (Self.valuesLabel(values, others: others), false)
        }
        guard !member.properties.isEmpty else { return (nil, shape(member) != .expression) }
        if let tag = tagLabel(member, siblings: siblings, discriminator: discriminator) { return (tag, false) }
        let others = Set(siblings.flatMap { $0?.properties.map(\.name) ?? [] })
        let own = member.properties.map(\.name).filter { !others.contains($0) }
        let required = own.filter(member.required.contains)
        let chosen = Array((required.isEmpty ? own : required).prefix(2))
        if !chosen.isEmpty { return ("with " + chosen.joined(separator: " and "), false) }
        return (nil, true)
    }

    /// A sibling alternative as written, or the component schema its `$ref` names.
    private func siblingSchema(_ member: Schema) -> Schema? {
        guard let reference = member.reference else { return member }
        return componentSchemaName(reference.text).flatMap { components.schemas[$0] }
    }

    /// The values of a property that is an `enum`/`const` of text values no sibling's property of
    /// that name shares, as a label; the union's discriminator property is tried first, then the
    /// required properties in the order written.
    private func tagLabel(_ member: Schema, siblings: [Schema?], discriminator: String?) -> String? {
        // An optional property selects nothing: a payload without it would match any alternative.
        let selecting = member.properties.filter { $0.name == discriminator || member.required.contains($0.name) }
        let properties = selecting.filter { $0.name == discriminator } + selecting.filter { $0.name != discriminator }
        for (name, schema) in properties {
            guard schema.reference == nil, let values = Self.enumTexts(schema) else { continue }
            let others = siblings.compactMap { sibling in
                sibling?.properties.first { $0.name == name }.flatMap { Self.enumTexts($0.schema) }
            }
            if others.contains(where: { !Set($0).isDisjoint(with: values) }) { continue }
            return Self.valuesLabel(values, others: others)
        }
        return nil
    }

    /// The text values of an `enum` (null left out) or `const`, nil when it has none or one is not text.
    private static func enumTexts(_ schema: Schema) -> [String]? {
        let nodes = schema.constant.map { [$0] } ?? (schema.enumValues ?? []).filter { !$0.isNullScalar }
        let texts = nodes.compactMap(\.openAPIText)
        return texts.isEmpty || texts.count != nodes.count ? nil : texts
    }

    /// A label for a set of values: the value when there is one; else the words all values begin
    /// with when no other alternative's value begins so (`MOUSE_ENTER`, `MOUSE_UP` → `mouse`);
    /// else `a or b` for two, `a or others` for more.
    static func valuesLabel(_ values: [String], others: [[String]]) -> String {
        // `ON_MEDIA_END` reads as words, not as an acronym: `onMediaEnd`, not `onMEDIAEND`.
        let values = values.map { $0.contains(where: \.isLowercase) ? $0 : $0.lowercased() }
        let others = others.map { $0.map { $0.contains(where: \.isLowercase) ? $0 : $0.lowercased() } }
        guard values.count > 1 else { return values[0] }
        let words = values.map(Self.words)
        var prefix = words[0]
        for other in words.dropFirst() {
            prefix = Array(zip(prefix, other).prefix { $0.0 == $0.1 }.map(\.0))
        }
        let prefixText = prefix.joined(separator: " ")
        let otherValues = others.joined().map(Self.words)
        let shared = otherValues.contains { Array($0.prefix(prefix.count)) == prefix }
        if !prefix.isEmpty, !shared, !prefixText.contains(where: \.isNumber) { return prefixText }
        return values.count == 2 ? "\(values[0]) or \(values[1])" : "\(values[0]) or others"
    }

    /// The words of a value split at separators (`ON_MEDIA_END` → `ON`, `MEDIA`, `END`).
    private static func words(_ value: String) -> [String] {
        value.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The plural of a (type) name for an array case: `User` → `Users`, `Category` → `Categories`,
    /// `Status` → `Statuses`.
    static func plural(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.hasSuffix("s") || lower.hasSuffix("x") || lower.hasSuffix("ch") || lower.hasSuffix("sh") {
            return name + "es"
        }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return String(name.dropLast()) + "ies"
        }
        return name + "s"
    }

    /// A position in words, for the last resort: `first option`, …, `option twenty one`.
    static func positionLabel(_ index: Int) -> String {
        let ordinals = [
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
            "twelfth"
        ]
        if index < ordinals.count { return ordinals[index] + " option" }
        return "option " + Self.cardinal(index + 1)
    }

    /// A number in words (`21` → `twenty one`).
    static func cardinal(_ number: Int) -> String {
        let ones = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"
        ]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        if number < 20 { return ones[number] }
        if number < 100 { return tens[number / 10] + (number % 10 == 0 ? "" : " " + ones[number % 10]) }
        if number < 1000 {
            return ones[number / 100] + " hundred" + (number % 100 == 0 ? "" : " " + cardinal(number % 100))
        }
        return cardinal(number / 1000) + " thousand" + (number % 1000 == 0 ? "" : " " + cardinal(number % 1000))
    }
}
