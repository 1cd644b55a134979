extension IR {
    /// Text from a spec made safe to emit as `///` doc comment lines.
    ///
    /// Every line break (`\n`, `\r`, U+0085, U+2028, U+2029) splits a line, control and format
    /// characters are removed and trailing whitespace trimmed, so a description can neither end
    /// the comment nor smuggle a line of code into the output. Leading and trailing blank lines
    /// are dropped; inner blank lines are kept (they separate paragraphs).
    public struct Documentation: Hashable, Sendable {
        /// The comment lines without the `///` prefix.
        public let lines: [String]

        /// No documentation.
        public static let none = Documentation(lines: [])

        private init(lines: [String]) {
            self.lines = lines
        }

        /// Splits and cleans `text`; nil or blank text gives no lines.
        public init(_ text: String?) {
            guard let text else {
                self.init(lines: [])
                return
            }
            var lines: [String] = []
            // Fast path, same result: printable ASCII and `\n` only (most descriptions), split and
            // trimmed (the only whitespace left is the space) byte by byte, not by Character.
            if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) {
                let bytes = Array(text.utf8)
                lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                    let end = (line.lastIndex { $0 != 0x20 } ?? line.startIndex - 1) + 1
                    return String(decoding: line[line.startIndex..<end], as: UTF8.self)
                }
                while lines.first?.isEmpty == true { lines.removeFirst() }
                while lines.last?.isEmpty == true { lines.removeLast() }
                self.init(lines: lines)
                return
            }
            var current = String.UnicodeScalarView()
            var previousWasCarriageReturn = false
            for scalar in text.unicodeScalars {
                let isBreak: Bool =
                    switch scalar {
                    case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
                    default: false
                    }
                if isBreak {
                    if !(scalar == "\n" && previousWasCarriageReturn) {
                        lines.append(Self.trimmed(current))
                        current = String.UnicodeScalarView()
                    }
                } else if scalar == "\t" {
                    current.append(" ")
                } else if !StringLiteral.needsUnicodeEscape(scalar) {
                    current.append(scalar)
                }
                previousWasCarriageReturn = scalar == "\r"
            }
            lines.append(Self.trimmed(current))
            while lines.first?.isEmpty == true { lines.removeFirst() }
            while lines.last?.isEmpty == true { lines.removeLast() }
            self.init(lines: lines)
        }

        /// Documentation made of several paragraphs (e.g. summary and description), blank-line
        /// separated; a paragraph equal to an earlier one (a description that repeats the summary)
        /// is written once.
        public init(paragraphs: [String?]) {
            var parts: [Documentation] = []
            for part in paragraphs.map({ Documentation($0) }) where !part.lines.isEmpty && !parts.contains(part) {
                parts.append(part)
            }
            var lines: [String] = []
            for part in parts {
                if !lines.isEmpty { lines.append("") }
                lines += part.lines
            }
            self.init(lines: lines)
        }

        /// Whether there is nothing to write.
        public var isEmpty: Bool { lines.isEmpty }

        private static func trimmed(_ scalars: String.UnicodeScalarView) -> String {
            var text = String(scalars)
            while let last = text.last, last.isWhitespace { text.removeLast() }
            return text
        }
    }
}
