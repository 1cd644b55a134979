import SpecwrightPackageInfo

/// The runtime library version: the package version, the same one the generator prints.
public enum SpecwrightRuntimeVersion {
    /// The package version (sent in the default `User-Agent`).
    public static let current = SpecwrightPackageVersion.current
}
