/// Declares what a command accepts; the parser and the help text are derived from it.
public struct CommandSignature: Sendable {
    /// An option that takes a value: `--output <dir>`, `-o <dir>`, `--output=<dir>`.
    public struct Option: Sendable {
        /// Long name without dashes.
        public var name: String
        /// Optional one-letter short name.
        public var short: Character?
        /// The value name shown in help (`dir`).
        public var valueName: String
        /// One line of help.
        public var help: String
        /// Whether it may be given several times.
        public var isRepeatable: Bool

        /// Creates an option declaration.
        public init(
            _ name: String, short: Character? = nil, valueName: String, help: String, isRepeatable: Bool = false
        ) {
            self.name = name
            self.short = short
            self.valueName = valueName
            self.help = help
            self.isRepeatable = isRepeatable
        }
    }

    /// A boolean flag: `--quiet`, `-q`.
    public struct Flag: Sendable {
        /// Long name without dashes.
        public var name: String
        /// Optional one-letter short name.
        public var short: Character?
        /// One line of help.
        public var help: String

        /// Creates a flag declaration.
        public init(_ name: String, short: Character? = nil, help: String) {
            self.name = name
            self.short = short
            self.help = help
        }
    }

    /// A positional argument.
    public struct Positional: Sendable {
        /// Name shown in usage (`spec`).
        public var name: String
        /// One line of help.
        public var help: String
        /// Whether it takes all remaining positional values (`<spec> ...`).
        public var isRepeating: Bool
        /// Whether it may be omitted.
        public var isOptional: Bool

        /// Creates a positional declaration.
        public init(_ name: String, help: String, isRepeating: Bool = false, isOptional: Bool = false) {
            self.name = name
            self.help = help
            self.isRepeating = isRepeating
            self.isOptional = isOptional
        }

        /// `<spec> ...`, `[<dir>]`.
        var usage: String {
            let core = "<\(name)>" + (isRepeating ? " ..." : "")
            return isOptional ? "[\(core)]" : core
        }
    }

    /// Options taking values.
    public var options: [Option]
    /// Boolean flags.
    public var flags: [Flag]
    /// Positional arguments in order; only the last may repeat.
    public var positionals: [Positional]

    /// Creates a signature.
    public init(options: [Option] = [], flags: [Flag] = [], positionals: [Positional] = []) {
        self.options = options
        self.flags = flags
        self.positionals = positionals
    }
}

/// The values of one command line, by declared name.
public struct ParsedArguments: Sendable, Equatable {
    /// Option values in command-line order.
    public var options: [String: [String]] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []
    /// Positional values by declared name.
    public var positionals: [String: [String]] = [:]

    /// Creates an empty set of arguments.
    public init() {}

    /// The last value of an option.
    public func option(_ name: String) -> String? { options[name]?.last }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The values of a positional argument.
    public func positional(_ name: String) -> [String] { positionals[name] ?? [] }
}
