/// Access to the default templates embedded from `Templates/Swift/` (filled in by the generator work item).
public enum EmbeddedTemplates {}
