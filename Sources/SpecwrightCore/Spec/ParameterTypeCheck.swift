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
            for parameter in endpoints[index].queryParameters { check(parameter, kind: "query") }
            for parameter in endpoints[index].headerParameters { check(parameter, kind: "header") }
        }

        func check(_ parameter: Parameter, kind: String) {
            guard !isWritable(parameter.type.expression, allowArray: true) else { return }
            diagnostics.error(
                "\(kind) parameter '\(parameter.name)' has type '\(parameter.type)'; \(kind) values must be scalars, enums or arrays of them",
                at: parameter.type.location)
        }
    }

    private func isWritable(_ expression: TypeExpression, allowArray: Bool) -> Bool {
        switch expression {
        case .primitive(let primitive): primitive != .data && primitive != .file
        case .named(let name): typesByName[name].map(\.isEnum) ?? true  // unknown names are reported elsewhere
        case .optional(let wrapped): isWritable(wrapped, allowArray: allowArray)
        case .array(let element): allowArray && isWritable(element, allowArray: false)
        case .dictionary: false
        }
    }
}
