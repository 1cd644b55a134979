/// The default templates, embedded from `Templates/Swift/` so the tool needs no files at run time.
///
/// Keys are the template names without the `.mustache` extension; `--templates DIR` overrides
/// any of them with `DIR/<name>.mustache`. Contexts are documented in `docs/templates.md`.
public enum EmbeddedTemplates {
    /// Every default template's source by name.
    public static let sources: [String: String] = [
        "Alias": text(PackageResources.Alias_mustache),
        "Client": text(PackageResources.Client_mustache),
        "Documentation": text(PackageResources.Documentation_mustache),
        "Endpoints": text(PackageResources.Endpoints_mustache),
        "Header": text(PackageResources.Header_mustache),
        "IntegerEnum": text(PackageResources.IntegerEnum_mustache),
        "StringEnum": text(PackageResources.StringEnum_mustache),
        "Structure": text(PackageResources.Structure_mustache),
        "TypeDeclaration": text(PackageResources.TypeDeclaration_mustache),
        "Types": text(PackageResources.Types_mustache),
        "Union": text(PackageResources.Union_mustache),
    ]

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
