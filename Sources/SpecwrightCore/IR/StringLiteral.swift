extension IR {
    /// A Swift string literal, quotes included, that evaluates to exactly ``value``.
    ///
    /// Backslashes, quotes, `\(`, line breaks, control and bidirectional-format characters are
    /// escaped, so no spec text can end the literal or interpolate code.
    public struct StringLiteral: Hashable, Sendable, CustomStringConvertible {
        /// The string the literal evaluates to.
        public let value: String
        /// The literal as Swift source, e.g. `"isbn_13"`.
        public let code: String

        /// Escapes `value` into a single-line Swift string literal.
        public init(_ value: String) {
            self.value = value
            var code = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\\": code += "\\\\"
                case "\"": code += "\\\""
                case "\n": code += "\\n"
                case "\r": code += "\\r"
                case "\t": code += "\\t"
                case "\0": code += "\\0"
                default:
                    if Self.needsUnicodeEscape(scalar) {
                        code += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    } else {
                        code.unicodeScalars.append(scalar)
                    }
                }
            }
            code += "\""
            self.code = code
        }

        /// The literal as Swift source.
        public var description: String { code }

        /// Control, format (bidi overrides, zero-width) and line/paragraph separator characters.
        static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
            // Printable ASCII (most spec text) needs no Unicode property lookup.
            if scalar.value >= 0x20, scalar.value < 0x7F { return false }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                return true
            default:
                return false
            }
        }
    }
}
