import SpecwrightYAML

/// Enums written again and again: an inline `enum` without a `title` repeated with the same values
/// (a `status` in several schemas, `GET`/`POST` under every `…Method` field of a form, the same
/// `order` query parameter in several operations) is generated once and reused, so a value read
/// from one property can be sent through another without conversion. Before anything is declared,
/// the inline enums of the component schemas (in document order), then of every operation's
/// parameters, form fields and inline bodies (in operation order) are collected with what they
/// belong to (their owner: a schema whose property they are, or an operation whose parameter or
/// field they are) and the name of their use (the property, parameter or field; an array's items
/// and a map's values count as their property's use). Two places are the same type when their
/// enums are identical (the values in order, integer or string, `x-enum-varnames`; not
/// nullability, `format` or the words that only document a use) and
///
/// - they belong to the same owner (`layoutSizingHorizontal` and `layoutSizingVertical` of one
///   schema; the fields of one form), or
/// - their uses have the same name (`status` of `Pet` and of `Order`; a `sort` query parameter of
///   several operations).
///
/// The shared type is named by its use when every place has the same one (`Status`); else, for one
/// owner, by the owner's name and the words every use shares at its end or, failing that, its
/// start (`HasLayoutTrait` + `layoutSizing…` → `HasLayoutTraitLayoutSizing`); else by those words
/// alone (`voiceMethod`, `smsMethod` … of many operations and schemas → `Method`). Places of
/// several owners share a type only under such a bare name, and only when no component, reserved
/// name or other shared enum wants it; otherwise they keep one type per owner. When no words are
/// shared the first place's name is kept. Enums written once, titled enums (shared by content
/// already, ``sharedShapeKey(_:shape:)``) and enums of different values or names are never
/// merged, so a document without repetition generates exactly what it did.
extension OpenAPIImporter {
    /// One inline enum as the scan finds it.
    private struct EnumPlace {
        let location: SourceLocation
        /// What makes two enums the same type (``enumKey(_:)``).
        let key: String
        /// The schema or operation the enum belongs to.
        let owner: String
        /// The property, parameter or field name, as written and as a type-name word list.
        let use: String
        let words: [String]
        /// The enum's `description` (the shared type keeps it unless places describe it differently).
        let description: String?
    }

    /// How a shared enum is named.
    enum SharedEnumName: Equatable {
        /// The spelling as is (`status`, `Method`).
        case bare(String)
        /// The place's hint with the use replaced by these words (`HasLayoutTrait` + `LayoutSizing`).
        case owner(String)
        /// The first place's name.
        case firstPlace
    }

    /// The inline enums that share a type, by location, and their names (see the extension's documentation).
    struct SharedEnums {
        /// The group and the use of each place that shares its type with others.
        var places: [SourceLocation: (group: Int, use: String)] = [:]
        var names: [Int: SharedEnumName] = [:]
        /// The groups whose places describe their values differently: their type has no doc comment
        /// of its own (each property or parameter keeps its description).
        var undocumented: Set<Int> = []
        /// The type each group was declared as (by its first place the importer reaches).
        var types: [Int: IR.TypeName] = [:]
    }

    /// What makes two inline enums one type: integer or string, the values in order, the case
    /// names of `x-enum-varnames` / `x-enumNames`; nil when a value is no scalar.
    func enumKey(_ schema: Schema) -> String? {
        let values = (schema.enumValues ?? []).filter { !$0.isNullScalar }
        var key = Self.isIntegerEnumeration(schema, kind: enumerationKind(values)) ? "int[" : "string["
        for value in values {
            guard let scalar = value.scalar?.value else { return nil }
            Schema.appendCanonical(scalar, to: &key)
            key += ","
        }
        key += "]"
        for names in schema.enumVariableNameLists { key += "names" + names.description }
        return key
    }

    /// Finds the inline enums written at several places and chooses their names (see the
    /// extension's documentation); ``baseType`` declares each group once.
    mutating func shareRepeatedEnums(_ groups: [CollectedGroup]) {
        var scan = EnumScan()
        for (name, schema) in document.components.schemas {
            shareTitledComponent(schema, name: name)
            scan.walk(schema, owner: nil, use: nil, importer: &self)
        }
        var index = 0
        for group in groups {
            for collected in group.operations {
                index += 1
                scan.operation(collected, owner: "operation \(index)", importer: &self)
            }
        }
        let places = scan.places
        guard places.count > 1 else { return }
        // Phase A joins the places of one owner, phase B those of one use.
        var sets = DisjointSets(count: places.count)
        sets.join(places.indices, by: { places[$0].owner + "\u{0}" + places[$0].key })
        var byOwner = sets
        sets.join(places.indices, by: { places[$0].words.joined() + "\u{0}" + places[$0].key })
        var chosen: [(members: [Int], name: SharedEnumName)] = []
        var splitting: [[Int]] = []
        var candidates: [(members: [Int], words: [String], bare: Bool)] = []
        for members in sets.groups() where members.count > 1 {
            let owners = Set(members.map { places[$0].owner })
            let uses = members.map { places[$0].words }
            if Set(uses).count == 1 {
                candidates.append((members, uses[0], true))
                continue
            }
            let common = Self.commonWords(uses)
            if owners.count == 1 {
                chosen.append((members, common.isEmpty ? .firstPlace : .owner(common.joined())))
            } else if common.isEmpty {
                splitting.append(members)
            } else {
                candidates.append((members, common, true))
            }
        }
        var wanted: [String: Int] = [:]
        for candidate in candidates { wanted[candidate.words.joined(), default: 0] += 1 }
        for candidate in candidates {
            let name = candidate.words.joined()
            let free =
                wanted[name] == 1 && !naming.types.contains(name) && !NameScope.reservedTypeNames.contains(name)
                && !SwiftName.keywords.contains(name)
            if free {
                chosen.append((candidate.members, .bare(name)))
            } else {
                splitting.append(candidate.members)
            }
        }
        // A group of several owners without a name of its own keeps one type per owner.
        for members in splitting {
            var perOwner: [Int: [Int]] = [:]
            var roots: [Int] = []
            for member in members {
                let root = byOwner.root(member)
                if perOwner[root] == nil { roots.append(root) }
                perOwner[root, default: []].append(member)
            }
            for root in roots {
                guard let owned = perOwner[root], owned.count > 1 else { continue }
                let common = Self.commonWords(owned.map { places[$0].words })
                chosen.append((owned, common.isEmpty ? .firstPlace : .owner(common.joined())))
            }
        }
        chosen.sort { $0.members[0] < $1.members[0] }
        for (group, entry) in chosen.enumerated() {
            naming.sharedEnums.names[group] = entry.name
            for member in entry.members {
                naming.sharedEnums.places[places[member].location] = (group, places[member].use)
            }
            if Set(entry.members.compactMap { places[$0].description }).count > 1 {
                naming.sharedEnums.undocumented.insert(group)
            }
        }
    }

    /// An inline schema with a `title` written like a component schema is that component: Django
    /// Ninja declares a `Literal` as the component `Order` (`{title: Order, enum: [name, -name]}`)
    /// and writes the same schema again inline where it is used.
    private mutating func shareTitledComponent(_ schema: Schema, name: String) {
        guard schema.reference == nil, schema.hasTitle, let type = components.names[name] else { return }
        let shape = shape(schema)
        guard shape != .expression, let key = sharedShapeKey(schema, shape: shape), naming.sharedShapes[key] == nil
        else { return }
        naming.sharedShapes[key] = type
    }

    /// Whether the shared enum declared at `location` keeps its place's doc comment.
    func sharedEnumIsDocumented(at location: SourceLocation) -> Bool {
        guard let group = naming.sharedEnums.places[location]?.group else { return true }
        return !naming.sharedEnums.undocumented.contains(group)
    }

    /// The name a shared enum is declared under at a place whose name would be `hint`.
    func sharedEnumName(_ name: SharedEnumName, use: String, hint: String) -> String {
        switch name {
        case .bare(let words): return words
        case .owner(let words):
            guard let range = hint.range(of: " " + use, options: .backwards) else { return hint }
            return hint[..<range.lowerBound] + " " + words
        case .firstPlace: return hint
        }
    }

    /// The words (`UpperCamelCase`) every list ends with, else those every list starts with.
    static func commonWords(_ lists: [[String]]) -> [String] {
        guard var suffix = lists.first else { return [] }
        var prefix = suffix
        for words in lists.dropFirst() {
            var shared = 0
            while shared < min(suffix.count, words.count),
                suffix[suffix.count - 1 - shared] == words[words.count - 1 - shared]
            {
                shared += 1
            }
            suffix = Array(suffix.suffix(shared))
            shared = 0
            while shared < min(prefix.count, words.count), prefix[shared] == words[shared] { shared += 1 }
            prefix = Array(prefix.prefix(shared))
        }
        return suffix.isEmpty ? prefix : suffix
    }

    /// The words of an identifier's spelling as a type name: `voice_fallback_method` →
    /// `Voice`, `Fallback`, `Method`; `HTTPMethod` → `HTTP`, `Method`.
    static func typeNameWords(_ raw: String) -> [String] {
        guard let name = SwiftName.upperCamelCase(raw) else { return [] }
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let startsWord =
                character.isUppercase && !current.isEmpty
                && (!(current.last?.isUppercase ?? false)
                    || (index + 1 < characters.count && characters[index + 1].isLowercase))
            if startsWord {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The scan of the document's inline enums.
    private struct EnumScan {
        var places: [EnumPlace] = []
        /// Places found already (a schema reached twice is one place).
        var found: Set<SourceLocation> = []
        /// Inline unions, titled schemas and bodies met already: their copies are declared once,
        /// so what is written inside a copy is never reached.
        var sharedShapes: Set<String> = []

        /// The enums in `schema` (not behind `$ref`s: component schemas are scanned themselves).
        mutating func walk(_ schema: Schema, owner: String?, use: String?, importer: inout OpenAPIImporter) {
            guard schema.reference == nil else { return }
            // Only an enum, a union or a titled schema needs its shape, the scan's costliest question:
            // any other schema is no place and is not shared by content.
            if schema.enumValues != nil || schema.oneOf != nil || schema.anyOf != nil || schema.hasTitle {
                let shape = importer.shape(schema)
                if shape == .enumeration {
                    guard !schema.hasTitle, let owner, let use, found.insert(schema.location).inserted,
                        let key = importer.enumKey(schema)
                    else { return }
                    places.append(
                        EnumPlace(
                            location: schema.location, key: key, owner: owner, use: use,
                            words: OpenAPIImporter.typeNameWords(use), description: schema.description))
                    return
                }
                if let key = importer.sharedShapeKey(schema, shape: shape), !sharedShapes.insert(key).inserted {
                    return
                }
            }
            if !schema.properties.isEmpty {
                let propertyOwner = schema.location.description
                for (name, property) in schema.properties {
                    walk(property, owner: propertyOwner, use: name, importer: &importer)
                }
            }
            if let items = schema.items { walk(items, owner: owner, use: use, importer: &importer) }
            if let values = schema.additionalProperties { walk(values, owner: owner, use: use, importer: &importer) }
            for member in schema.allOf ?? [] { walk(member, owner: owner, use: use, importer: &importer) }
            for member in schema.oneOf ?? [] { walk(member, owner: owner, use: use, importer: &importer) }
            for member in schema.anyOf ?? [] { walk(member, owner: owner, use: use, importer: &importer) }
        }

        /// The enums of an operation's parameters and form fields (owned by the operation) and of
        /// its inline JSON bodies (owned by their objects); a body written again is scanned once.
        mutating func operation(_ collected: CollectedOperation, owner: String, importer: inout OpenAPIImporter) {
            for raw in collected.sharedParameters + collected.operation.parameters {
                guard let parameter = importer.quietlyResolved(raw), let name = parameter.name,
                    let schema = parameter.schema ?? parameter.content.first?.media.schema
                else { continue }
                walk(schema, owner: owner, use: name, importer: &importer)
            }
            var contents: [OpenAPI.MediaTypeEntry] = []
            if let raw = collected.operation.requestBody, let body = importer.quietlyResolved(raw) {
                for entry in body.content {
                    guard let schema = entry.media.schema else { continue }
                    if OpenAPIImporter.isJSON(entry.mediaType) {
                        contents.append(entry)
                    } else {
                        for member in [schema] + (schema.allOf ?? []) where member.reference == nil {
                            for (name, property) in member.properties {
                                walk(property, owner: owner, use: name, importer: &importer)
                            }
                        }
                    }
                }
            }
            for (_, raw) in collected.operation.responses {
                guard let response = importer.quietlyResolved(raw) else { continue }
                contents += (response.content ?? []).filter { OpenAPIImporter.isJSON($0.mediaType) }
            }
            for entry in contents {
                guard let schema = entry.media.schema, schema.reference == nil else { continue }
                let shape = importer.shape(schema)
                if let key = importer.contentKey(schema, ignoringTitle: shape == .union),
                    !sharedShapes.insert("body" + key).inserted
                {
                    continue
                }
                walk(schema, owner: nil, use: nil, importer: &importer)
            }
        }
    }
}

/// Union–find over `0..<count`, joining in index order so each set's root is its first member.
struct DisjointSets {
    private var parents: [Int]

    init(count: Int) {
        parents = Array(0..<count)
    }

    mutating func root(_ element: Int) -> Int {
        var root = element
        while parents[root] != root { root = parents[root] }
        var current = element
        while parents[current] != root {
            let next = parents[current]
            parents[current] = root
            current = next
        }
        return root
    }

    mutating func union(_ first: Int, _ second: Int) {
        let (a, b) = (root(first), root(second))
        if a != b { parents[max(a, b)] = min(a, b) }
    }

    /// Joins the elements with the same `key`.
    mutating func join(_ elements: Range<Int>, by key: (Int) -> String) {
        var firsts: [String: Int] = [:]
        for element in elements {
            let value = key(element)
            if let first = firsts[value] { union(first, element) } else { firsts[value] = element }
        }
    }

    /// The sets, each in element order, ordered by their first element.
    mutating func groups() -> [[Int]] {
        var members: [Int: [Int]] = [:]
        var roots: [Int] = []
        for element in parents.indices {
            let root = root(element)
            if members[root] == nil { roots.append(root) }
            members[root, default: []].append(element)
        }
        return roots.map { members[$0] ?? [] }
    }
}
