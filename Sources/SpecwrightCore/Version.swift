import SpecwrightPackageInfo

/// The generator's version, printed by `--version` and written into generated headers: the
/// package version (``SpecwrightPackageVersion``), which the runtime reports too.
public enum SpecwrightVersion {
    /// The package version.
    public static let current = SpecwrightPackageVersion.current
}
