import SpecwrightYAML

/// Checks that path, query and header parameters have types that can be written into a URL or
/// a header: built-in scalars other than `Data`, string enums, optionals of those and one level
/// of array (sent as repeated query keys, or comma-separated in a path segment or header).
/// A path parameter cannot be optional: every segment of a path has a value.
struct ParameterTypeCheck {
    let typesByName: [String: TypeDefinition]

    func run(_ endpoints: [Endpoint], diagnostics: inout DiagnosticBag) {
        for index in endpoints.indices {
            for parameter in endpoints[index].pathParameters where parameter.isDeclared {
                if parameter.type.expression.isOptional {
                    diagnostics.error(
                        "path parameter '\(parameter.name)' cannot be optional: every segment of a path has a value",
                        at: parameter.type.location)
                } else {
                    check(parameter, kind: "path")
                }
            }
            for parameter in endpoints[index].queryParameters
            where !isWritable(parameter.type.expression, allowArray: true, allowObject: true) {
                diagnostics.error(
                    "query parameter '\(parameter.name)' has type '\(parameter.type)'; query values must be scalars, enums, arrays of them, objects or maps",
                    at: parameter.type.location)
            }
            for parameter in endpoints[index].headerParameters { check(parameter, kind: "header") }
        }

        func check(_ parameter: Parameter, kind: String) {
            guard !isWritable(parameter.type.expression, allowArray: true) else { return }
            diagnostics.error(
                "\(kind) parameter '\(parameter.name)' has type '\(parameter.type)'; \(kind) values must be scalars, enums or arrays of them",
                at: parameter.type.location)
        }
    }

    /// Whether values of `expression` can be written; with `allowObject` (the query) also named
    /// object types and `[String: T]` maps, written field by field in the parameter's `style`.
    static func isWritable(
        _ expression: TypeExpression, allowArray: Bool, allowObject: Bool = false,
        typesByName: [String: TypeDefinition]
    ) -> Bool {
        switch expression {
        case .primitive(let primitive): primitive != .data && primitive != .file
        case .named(let name): allowObject || (typesByName[name].map(\.isEnum) ?? true)  // unknown names: elsewhere
        case .optional(let wrapped):
            isWritable(wrapped, allowArray: allowArray, allowObject: allowObject, typesByName: typesByName)
        case .array(let element):
            allowArray && isWritable(element, allowArray: false, typesByName: typesByName)
        case .dictionary(let value): allowObject && isWritable(value, allowArray: true, typesByName: typesByName)
        }
    }

    private func isWritable(_ expression: TypeExpression, allowArray: Bool, allowObject: Bool = false) -> Bool {
        Self.isWritable(expression, allowArray: allowArray, allowObject: allowObject, typesByName: typesByName)
    }
}
