// "Generated code must be well-formed" — the checks the OpenAPI fuzz target applies to every API
// the importer returns and to the Swift it renders. A violation is a `preconditionFailure`.
import SpecwrightCore

enum GeneratedCodeCheck {
    /// Names the generated code may use without declaring them (runtime and standard library).
    private static let provided: Set<String> = ["JSONValue"]

    /// Checks the IR: unique names per scope, every named type declared, no typealias cycle.
    static func check(_ api: IR.API) {
        var declared: [String: IR.TypeDeclaration] = [:]
        for declaration in api.types {
            if declared.updateValue(declaration, forKey: declaration.name.name) != nil {
                preconditionFailure("type '\(declaration.name.name)' is declared twice")
            }
        }
        var topLevel = Set(declared.keys)
        for name in [api.clientTypeName.name]
            + api.groups.flatMap({ [$0.enumName.name, $0.protocolName.name, $0.clientName.name] })
        {
            if !topLevel.insert(name).inserted { preconditionFailure("top-level name '\(name)' is declared twice") }
        }
        unique(api.groups.map(\.propertyName.name), "group properties of the client")
        for declaration in api.types {
            switch declaration {
            case .structure(let value):
                unique(
                    value.properties.map(\.name.name) + (value.additionalProperties.map { [$0.name.name] } ?? []),
                    "members of \(value.name.name)")
                value.properties.forEach { checkDeclared($0.type, declared) }
                if let extra = value.additionalProperties { checkDeclared(extra.valueType, declared) }
            case .stringEnum(let value):
                unique(value.cases.map(\.name.name) + [value.unknownCaseName.name], "cases of \(value.name.name)")
                unique(value.cases.map(\.rawValue.code), "raw values of \(value.name.name)")
            case .integerEnum(let value):
                unique(value.cases.map(\.name.name) + [value.unknownCaseName.name], "cases of \(value.name.name)")
                unique(value.cases.map { String($0.rawValue) }, "raw values of \(value.name.name)")
            case .union(let value):
                unique(value.cases.map(\.name.name), "cases of \(value.name.name)")
                value.cases.forEach { checkDeclared($0.type, declared) }
            case .alias(let value):
                checkDeclared(value.type, declared)
            }
        }
        for group in api.groups {
            unique(group.endpoints.map(\.name.name), "endpoints of \(group.enumName.name)")
            for endpoint in group.endpoints {
                unique(endpoint.parameters.map(\.name.name), "parameters of \(endpoint.name.name)")
                endpoint.parameters.forEach { checkDeclared($0.type, declared) }
            }
        }
        checkNoAliasCycle(declared)
    }

    /// Checks the rendered files: each top-level declaration name once, braces balanced outside literals.
    static func check(files: [GeneratedFile]) {
        var names: Set<String> = []
        for file in files {
            for line in file.contents.split(separator: "\n") where !line.hasPrefix(" ") {
                let words = line.split(separator: " ")
                guard
                    let index = words.firstIndex(where: {
                        ["struct", "enum", "typealias", "protocol", "class", "actor"].contains($0)
                    }),
                    index + 1 < words.count,
                    words.prefix(index).allSatisfy({
                        ["public", "package", "internal", "indirect", "final"].contains($0)
                    })
                else { continue }
                let name = String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                if !names.insert(name).inserted {
                    preconditionFailure("top-level '\(name)' is declared twice in the output")
                }
            }
        }
    }

    private static func unique(_ names: [String], _ what: String) {
        var seen: Set<String> = []
        for name in names where !seen.insert(name).inserted {
            preconditionFailure("'\(name)' appears twice among the \(what)")
        }
    }

    private static func checkDeclared(_ type: IR.TypeReference, _ declared: [String: IR.TypeDeclaration]) {
        var pending = [type]
        while let type = pending.popLast() {
            switch type {
            case .builtin: break
            case .named(let name):
                if declared[name.name] == nil && !provided.contains(name.name) {
                    preconditionFailure("type '\(name.name)' is used but not declared")
                }
            case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): pending.append(wrapped)
            }
        }
    }

    /// A typealias may not name itself through other typealiases (Swift rejects the cycle).
    private static func checkNoAliasCycle(_ declared: [String: IR.TypeDeclaration]) {
        var aliasTargets: [String: [String]] = [:]
        for (name, declaration) in declared {
            guard case .alias(let alias) = declaration else { continue }
            var targets: [String] = []
            var pending = [alias.type]
            while let type = pending.popLast() {
                switch type {
                case .builtin: break
                case .named(let target): if case .alias? = declared[target.name] { targets.append(target.name) }
                case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): pending.append(wrapped)
                }
            }
            aliasTargets[name] = targets
        }
        // Kahn's algorithm: what cannot be ordered lies on a cycle.
        var incoming: [String: Int] = aliasTargets.mapValues { _ in 0 }
        for targets in aliasTargets.values { for target in targets { incoming[target, default: 0] += 1 } }
        var ready = incoming.filter { $0.value == 0 }.map(\.key)
        var ordered = 0
        while let name = ready.popLast() {
            ordered += 1
            for target in aliasTargets[name] ?? [] {
                incoming[target]! -= 1
                if incoming[target] == 0 { ready.append(target) }
            }
        }
        if ordered != aliasTargets.count {
            preconditionFailure("typealias cycle among \(aliasTargets.count - ordered) aliases")
        }
    }
}
