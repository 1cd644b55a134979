extension IR {
    /// A Swift expression built by the generator from spec values (literals only, never spec
    /// text): a default value or a fixed value.
    ///
    /// A declared type the expression names (`Window(start: 1)`, `PetKind.cat`) is held by its
    /// ``TypeName`` — its identity — not as text, so renaming the type (``renamingTypes(_:)``)
    /// renames it here too; ``code`` writes the type's current Swift name.
    public struct Expression: Hashable, Sendable, CustomStringConvertible {
        /// A piece of an expression.
        enum Part: Hashable, Sendable {
            /// Generator-built source.
            case source(String)
            /// A declared type, written with its Swift name.
            case type(TypeName)
            /// A value a front end fills in once it knows more (an OpenAPI object default); an
            /// expression still holding one is never rendered.
            case pending(Int)
        }

        /// The pieces, in order; adjacent source pieces are joined.
        private(set) var parts: [Part]

        /// Wraps generator-built source.
        init(code: String) {
            parts = [.source(code)]
        }

        /// The type `name` as an expression (`PetKind`, to be followed by `.cat`).
        init(type name: TypeName) {
            parts = [.type(name)]
        }

        /// A placeholder its front end replaces later (``replacingPending(_:)``).
        init(pending index: Int) {
            parts = [.pending(index)]
        }

        private init(parts: [Part]) {
            self.parts = parts
        }

        /// The expression as Swift source, e.g. `[]`, `20`, `"x"`, `.fiction`, `PetKind.cat`.
        public var code: String {
            if parts.count == 1, case .source(let source) = parts[0] { return source }
            var code = ""
            for part in parts {
                switch part {
                case .source(let source): code += source
                case .type(let name): code += name.code
                case .pending(let index): code += "<pending \(index)>"
                }
            }
            return code
        }

        /// The expression as Swift source.
        public var description: String { code }

        /// The declared types the expression names.
        var typeNames: [TypeName] {
            parts.compactMap { part in
                if case .type(let name) = part { return name }
                return nil
            }
        }

        /// Whether a placeholder is left.
        var isPending: Bool {
            parts.contains { part in
                if case .pending = part { return true }
                return false
            }
        }

        /// The placeholders left, by index.
        var pendingIndices: [Int] {
            parts.compactMap { part in
                if case .pending(let index) = part { return index }
                return nil
            }
        }

        /// `lhs` followed by `rhs`.
        static func + (lhs: Expression, rhs: Expression) -> Expression {
            var parts: [Part] = []
            for part in lhs.parts + rhs.parts { parts.appendJoining(part) }
            return Expression(parts: parts.isEmpty ? [.source("")] : parts)
        }

        /// `lhs` followed by the source `rhs`.
        static func + (lhs: Expression, rhs: String) -> Expression { lhs + Expression(code: rhs) }

        /// The source `lhs` followed by `rhs`.
        static func + (lhs: String, rhs: Expression) -> Expression { Expression(code: lhs) + rhs }

        /// `expressions` with `separator` between them, e.g. the elements of an array literal.
        static func joined(_ expressions: [Expression], separator: String) -> Expression {
            var result = Expression(code: "")
            for (index, expression) in expressions.enumerated() {
                result = index == 0 ? result + expression : result + separator + expression
            }
            return result
        }

        /// This expression with every type it names written as `rename` says.
        func renamingTypes(_ rename: (TypeName) -> TypeName) -> Expression {
            return Expression(
                parts: parts.map { part in
                    if case .type(let name) = part { return .type(rename(name)) }
                    return part
                })
        }

        /// This expression with each placeholder replaced by `resolved(index)`; `nil` when one
        /// stays unresolved.
        func replacingPending(_ resolved: (Int) -> Expression?) -> Expression? {
            var result = Expression(code: "")
            for part in parts {
                if case .pending(let index) = part {
                    guard let replacement = resolved(index) else { return nil }
                    result = result + replacement
                } else {
                    result = result + Expression(parts: [part])
                }
            }
            return result
        }
    }
}

extension [IR.Expression.Part] {
    /// Appends `part`, joining it to a source part before it.
    fileprivate mutating func appendJoining(_ part: IR.Expression.Part) {
        if case .source(let next) = part {
            if next.isEmpty { return }
            if case .source(let previous)? = last {
                self[count - 1] = .source(previous + next)
                return
            }
        }
        append(part)
    }
}
