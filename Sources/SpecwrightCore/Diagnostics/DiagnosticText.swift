/// The text of a diagnostic that quotes Swift type names, with each quoted type held by identity
/// (``IR/TypeName``: its ``IR/TypeID`` and the name it had when the message was written).
///
/// A front end writes its messages while it translates, before the naming pass
/// (``TypeNaming``) gives the final type names; a message that quotes a type writes it as
/// `"… of '\(type: name)'"` and the pipeline quotes the final name once the passes have run
/// (``Diagnostic/namingTypes(_:)``), so a warning never names a type the output does not
/// declare under that name. Type references (`[Pet]?`) are quoted the same way
/// (`\(type: reference)`).
struct DiagnosticText: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// A piece of the text.
    enum Piece: Hashable, Sendable {
        /// Text as written.
        case text(String)
        /// A Swift type name.
        case type(IR.TypeName)
        /// A type reference, written as Swift source.
        case reference(IR.TypeReference)
    }

    /// The pieces, in order.
    private(set) var pieces: [Piece]

    /// Text as written.
    init(_ text: String) {
        pieces = text.isEmpty ? [] : [.text(text)]
    }

    init(stringLiteral value: String) {
        self.init(value)
    }

    init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// Builds the pieces of a literal.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var pieces: [Piece] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            if case .text(let previous)? = pieces.last {
                pieces[pieces.count - 1] = .text(previous + literal)
            } else {
                pieces.append(.text(literal))
            }
        }

        /// Any value, as `String(describing:)` writes it.
        mutating func appendInterpolation(_ value: some Any) {
            appendLiteral(String(describing: value))
        }

        /// A Swift type name, quoted as the type's final name.
        mutating func appendInterpolation(type name: IR.TypeName) {
            pieces.append(.type(name))
        }

        /// A type reference, quoted with the final names of the types it names.
        mutating func appendInterpolation(type reference: IR.TypeReference) {
            pieces.append(.reference(reference))
        }

        /// Another text, with its quoted types.
        mutating func appendInterpolation(_ text: DiagnosticText) {
            for piece in text.pieces {
                if case .text(let literal) = piece { appendLiteral(literal) } else { pieces.append(piece) }
            }
        }
    }

    /// The text with the names the types had when it was written.
    var written: String { text { _ in nil } }

    /// The types the text quotes (those of quoted references included).
    var quotedTypes: [IR.TypeName] {
        pieces.flatMap { piece -> [IR.TypeName] in
            switch piece {
            case .text: []
            case .type(let name): [name]
            case .reference(let reference): Self.names(in: reference)
            }
        }
    }

    /// The text with each quoted type named `name(id)`, or as written where that is nil.
    func text(naming name: (IR.TypeID) -> String?) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .type(let type): result += name(type.id) ?? type.name
            case .reference(let reference): result += Self.code(of: reference, naming: name)
            }
        }
        return result
    }

    private static func code(of reference: IR.TypeReference, naming name: (IR.TypeID) -> String?) -> String {
        switch reference {
        case .builtin: reference.code
        case .named(let type): name(type.id).map(SwiftName.escaped) ?? type.code
        case .optional(let wrapped): code(of: wrapped, naming: name) + "?"
        case .array(let element): "[" + code(of: element, naming: name) + "]"
        case .dictionary(let value): "[String: " + code(of: value, naming: name) + "]"
        }
    }

    private static func names(in reference: IR.TypeReference) -> [IR.TypeName] {
        switch reference {
        case .builtin: []
        case .named(let type): [type]
        case .optional(let inner), .array(let inner), .dictionary(let inner): names(in: inner)
        }
    }

    /// `lhs` followed by `rhs`.
    static func + (lhs: DiagnosticText, rhs: DiagnosticText) -> DiagnosticText {
        "\(lhs)\(rhs)"
    }
}
