import Foundation

/// A typed error body the spec declares for a status (`errors:`); `status == nil` matches any
/// other non-2xx status (OpenAPI's `default`). When a failed response matches, the decoded value
/// is available through `SpecwrightError.typedBody(as:)`.
public struct TypedErrorBody: Sendable {
    /// The status this body applies to, or `nil` for "any other non-2xx".
    public let status: Int?
    let decode: @Sendable (Data, JSONDecoder) -> (any Sendable)?

    /// A JSON error body of type `T` for `status` (`nil` = any other non-2xx status).
    public static func json<T: Decodable & Sendable>(_ type: T.Type, status: Int?) -> TypedErrorBody {
        TypedErrorBody(status: status) { data, decoder in
            try? decoder.decode(T.self, from: data)
        }
    }

    /// Decodes the body declared for `status`: an exact match first, then the `nil`-status default.
    static func decode(_ bodies: [TypedErrorBody], status: Int, data: Data, decoder: JSONDecoder) -> (any Sendable)? {
        guard !bodies.isEmpty, !data.isEmpty else { return nil }
        if let exact = bodies.first(where: { $0.status == status }) {
            return exact.decode(data, decoder)
        }
        return bodies.first(where: { $0.status == nil })?.decode(data, decoder)
    }
}
