/// The access level of generated declarations (`--access`).
public enum AccessLevel: String, Hashable, Sendable, CaseIterable {
    /// `public` (the default): the client is a library's API.
    case `public`
    /// `package`: visible inside the Swift package only.
    case package
    /// `internal`: no modifier is written.
    case `internal`

    /// The modifier with a trailing space, or nothing for `internal`.
    var modifier: String {
        switch self {
        case .public: "public "
        case .package: "package "
        case .internal: ""
        }
    }
}

/// Settings of one rendering run.
public struct RenderOptions: Hashable, Sendable {
    /// The access level of generated declarations.
    public var access: AccessLevel
    /// The generator version written into file headers.
    public var generatorVersion: String
    /// Whether generated objects get `var` properties instead of `let` (each `var` adds a setter
    /// and a `modify` accessor, which large clients pay for in compile time).
    public var mutableProperties: Bool
    /// The input and config hashes written into file headers; nil leaves them out (a hand-built
    /// IR has no input). The generators set it from the bytes they were given.
    public var provenance: Provenance?
    /// How the output is split into files (``ShardLayout``); one shard writes the three classic files.
    public var shards = ShardLayout(count: 1)

    /// Creates options.
    public init(
        access: AccessLevel = .public, generatorVersion: String = SpecwrightVersion.current,
        mutableProperties: Bool = false
    ) {
        self.access = access
        self.generatorVersion = generatorVersion
        self.mutableProperties = mutableProperties
    }
}

/// One generated source file.
public struct GeneratedFile: Hashable, Sendable {
    /// The file name, e.g. `Types.swift`.
    public var name: String
    /// The file's contents.
    public var contents: String

    /// Creates a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
