/// The version of the Specwright package, written in this one place: the generator
/// (`specwright --version`, generated file headers) and the runtime (`User-Agent`) both read it.
/// A release tag names the same version (`git tag $(swift run specwright --version)`).
public enum SpecwrightPackageVersion {
    /// The version, `major.minor.patch` (Semantic Versioning, as SwiftPM resolves tags).
    public static let current = "0.1.0"
}
