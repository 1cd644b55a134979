import Foundation

extension CodingUserInfoKey {
    /// Set to `true` in an encoder's `userInfo`, it writes a request: generated types leave out the
    /// properties the document marks `readOnly` (OpenAPI: set by the server, "SHOULD NOT be sent as
    /// part of the request"; marshmallow answers 422 to one). The client sets it on the encoder of
    /// every JSON body and on those that write query, form and multipart values, so a value fetched
    /// with GET is sent back with PUT as it is. Any other encoder writes every property: a value an
    /// app stores as JSON keeps the server's `id`.
    public static let specwrightRequest = CodingUserInfoKey(rawValue: "SpecwrightRuntime.request")!
}

extension JSONEncoder {
    /// The encoder, marked as one that writes requests (``Swift/CodingUserInfoKey/specwrightRequest``).
    func writingRequests() -> JSONEncoder {
        userInfo[.specwrightRequest] = true
        return self
    }
}
