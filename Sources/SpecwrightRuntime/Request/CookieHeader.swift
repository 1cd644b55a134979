/// The `Cookie` header of an endpoint's cookie parameters (OpenAPI `in: cookie`): one header,
/// `name=value; name=value` (RFC 6265 §4.2.1), merged after any `Cookie` the service's or the
/// endpoint's headers set; an API key sent in a cookie is added to the same header later, by its
/// authenticator.
///
/// Values are written as in a query string before percent-encoding (enums by raw value, dates
/// with the service's date coding, an array `explode: false` as `a,b`, a `content` parameter as
/// its JSON text) and are not percent-encoded: servers differ in whether they decode cookies
/// (Rack and Express do, Starlette does not), and text that needs no encoding reads the same in
/// all of them. A value that would end the pair early or split the header (`;`, CR, LF, NUL or
/// any other control character), or a name that is not an RFC 9110 token, is refused with
/// `invalidRequest` — never sent.
enum CookieHeader {
    /// `name=value; …` for `cookies`, or `nil` when there are none.
    static func text(_ cookies: QueryParameters, dates: DateCoding) throws(SpecwrightError) -> String? {
        guard !cookies.isEmpty else { return nil }
        var pairs: [String] = []
        pairs.reserveCapacity(cookies.items.count)
        for item in cookies.items {
            guard HeaderValidation.isToken(item.name) else {
                throw SpecwrightError(.invalidRequest("cookie name \(String(reflecting: item.name)) is not a token"))
            }
            let value = try item.value.rendered(dates: dates)
            guard isSafeValue(value) else {
                throw SpecwrightError(
                    .invalidRequest("the value of cookie '\(item.name)' contains ';' or a control character"))
            }
            pairs.append(item.name + "=" + value)
        }
        return pairs.joined(separator: "; ")
    }

    /// Adds the pairs of `cookies` to the `Cookie` field of `headers` (after its value, if any).
    static func merge(_ cookies: QueryParameters, into headers: inout [HTTPHeader], dates: DateCoding)
        throws(SpecwrightError)
    {
        guard let text = try text(cookies, dates: dates) else { return }
        let existing = headers.value(for: "Cookie").flatMap { $0.isEmpty ? nil : $0 }
        headers.setValue(existing.map { $0 + "; " + text } ?? text, for: "Cookie")
    }

    /// Whether `value` has no `;` and no control character (bytes 0–31 and 127).
    static func isSafeValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 < 32 || $0 == 127 || $0 == UInt8(ascii: ";") }
    }
}
