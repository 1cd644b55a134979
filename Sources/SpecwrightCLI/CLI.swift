import SpecwrightCore

/// Entry point of the `specwright` command (filled in by the CLI work item).
public enum CLI {
    /// Runs the command line and returns the process exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        print("specwright \(SpecwrightVersion.current)")
        return 0
    }
}
