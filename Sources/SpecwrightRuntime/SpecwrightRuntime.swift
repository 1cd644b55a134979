/// The runtime library version.
public enum SpecwrightRuntimeVersion {
    public static let current = "0.1.0"
}
