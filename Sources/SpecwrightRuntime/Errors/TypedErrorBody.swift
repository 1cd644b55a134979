import Foundation

/// A typed error body the spec declares for a status (`errors:`); `status == nil` matches any
/// other non-2xx status (OpenAPI's `default`). When a failed response matches, the decoded value
/// is available through `SpecwrightError.typedBody(as:)`.
public struct TypedErrorBody: Sendable {
    /// The status this body applies to, or `nil` for "any other non-2xx".
    public let status: Int?
    /// Reads the body (its bytes, the response's `Content-Type`); nil when it is not what was declared.
    let decode: @Sendable (Data, String?, JSONDecoder) -> (any Sendable)?

    /// A JSON error body of type `T` for `status` (`nil` = any other non-2xx status).
    public static func json<T: Decodable & Sendable>(_ type: T.Type, status: Int?) -> TypedErrorBody {
        TypedErrorBody(status: status) { data, _, decoder in
            try? decoder.decode(T.self, from: data)
        }
    }

    /// A text error body (`text/plain`, `text/html` …) for `status` (`nil` = any other non-2xx
    /// status): a `String` read with the charset of the response's `Content-Type`, UTF-8 when it
    /// names none (``TextBody/decode(_:contentType:)``); bytes that are not text in it give none.
    public static func text(status: Int?) -> TypedErrorBody {
        TypedErrorBody(status: status) { data, contentType, _ in
            try? TextBody.decode(data, contentType: contentType)
        }
    }

    /// Decodes the body declared for `status`: an exact match first, then the `nil`-status default.
    static func decode(
        _ bodies: [TypedErrorBody], status: Int, data: Data, contentType: String?, decoder: JSONDecoder
    ) -> (any Sendable)? {
        guard !bodies.isEmpty, !data.isEmpty else { return nil }
        if let exact = bodies.first(where: { $0.status == status }) {
            return exact.decode(data, contentType, decoder)
        }
        return bodies.first(where: { $0.status == nil })?.decode(data, contentType, decoder)
    }
}
