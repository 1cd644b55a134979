import Foundation

/// How both SpecwrightPlugin and GenerateClientPlugin name things: which files are specs, which
/// config file belongs to a spec, the file-name prefix that keeps several specs of one target
/// apart, and the files `specwright generate` writes.
///
/// Plugins cannot import a library target, so this one file is shared: it lives in
/// `Plugins/Shared/` and each plugin's folder holds a symbolic link to it.
enum SpecFileNaming {
    /// The suffix that marks a file as a Specwright spec.
    static let specSuffix = ".specwright.yaml"
    /// The suffix of the optional per-spec settings file.
    static let configSuffix = ".specwright-config.yaml"
    /// The files `specwright generate` writes, before the prefix.
    static let generatedFiles = ["Types.swift", "Endpoints.swift", "Client.swift"]

    /// Whether `file` is a spec.
    static func isSpec(_ file: URL) -> Bool {
        file.lastPathComponent.hasSuffix(specSuffix)
    }

    /// The spec's base name (`bookstore` for `bookstore.specwright.yaml`).
    static func baseName(of spec: URL) -> String {
        String(spec.lastPathComponent.dropLast(specSuffix.count))
    }

    /// The config file that belongs to `spec` (it may not exist).
    static func configFile(of spec: URL) -> URL {
        spec.deletingLastPathComponent().appendingPathComponent(baseName(of: spec) + configSuffix)
    }

    /// A file-name prefix that keeps outputs of several specs in one target apart
    /// (SwiftPM rejects two sources with the same file name in one target): `my-shop` → `MyShop`.
    static func filePrefix(for baseName: String) -> String {
        let words = baseName.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The names of the files generated for the spec with this base name.
    static func outputFiles(for baseName: String) -> [String] {
        generatedFiles.map { filePrefix(for: baseName) + $0 }
    }
}
