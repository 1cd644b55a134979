/// The last parameter of a generated client protocol's convenience method, the one that fills in
/// the spec's default arguments: `func list(page: Int = 1, size: Int = 20, _: DefaultArguments = .init())`.
///
/// Callers never pass it. It exists so that the convenience method's signature differs from the
/// protocol requirement it forwards to (`list(page:size:)`): a fake of the protocol that forgets a
/// method is rejected by the compiler instead of being completed by the convenience method, which
/// would call itself forever.
public struct DefaultArguments: Sendable {
    /// The only value; written as the parameter's default.
    public init() {}
}
