import Foundation

/// The checks an outbox request passes when it is enqueued and again before it is sent (a row
/// may have been edited on disk in between).
enum OutboxRequestCheck {
    /// Every header is a `[name, value]` pair with a token name and a value without CR, LF or NUL.
    static func headers(of request: OutboxRequest) throws(SpecwrightError) {
        for header in request.headers {
            guard header.count == 2 else {
                throw SpecwrightError(.invalidRequest("an outbox header must be a [name, value] pair, not \(header.count) strings"))
            }
            try HeaderValidation.check(name: header[0], value: header[1])
        }
    }
}
