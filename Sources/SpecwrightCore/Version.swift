/// The generator's version, printed by `--version` and written into generated headers.
public enum SpecwrightVersion {
    public static let current = "0.1.0"
}
