/// A parsed Mustache template (filled in by the Mustache work item).
public struct Template: Sendable {}
