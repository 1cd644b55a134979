/// An HTTP request method (RFC 9110 §9).
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: safe and idempotent.
    case get = "GET"
    /// `POST`: neither safe nor idempotent unless the endpoint says so.
    case post = "POST"
    /// `PUT`: idempotent.
    case put = "PUT"
    /// `PATCH`: not idempotent unless the endpoint says so.
    case patch = "PATCH"
    /// `DELETE`: idempotent.
    case delete = "DELETE"
    /// `HEAD`: safe and idempotent.
    case head = "HEAD"

    /// Whether RFC 9110 §9.2.2 defines the method as idempotent, so a retry cannot repeat a
    /// side effect. `POST` and `PATCH` are retried only for endpoints marked idempotent.
    public var isIdempotent: Bool {
        switch self {
        case .get, .put, .delete, .head: return true
        case .post, .patch: return false
        }
    }
}
