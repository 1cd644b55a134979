/// The commands `specwright` knows, in the order `--help` lists them.
public enum CommandRegistry {
    /// Every command; add new ones here.
    public static let commands: [any Command.Type] = [
        ValidateCommand.self,
        GenerateCommand.self,
        ExportOpenAPICommand.self,
        InitCommand.self,
        DiffCommand.self
    ]

    /// The command called `name`, if any.
    public static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }
}
