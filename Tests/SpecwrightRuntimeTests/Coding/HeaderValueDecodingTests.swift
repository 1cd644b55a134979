import Foundation
import SpecwrightRuntime
import Testing

/// `HTTPFields.decode(_:field:dates:)`: how generated code reads the response headers an
/// operation declares (#12 point 8).
@Suite("Declared response headers")
struct HeaderValueDecodingTests {
    enum Mode: String, Codable, Hashable, Sendable {
        case fast, slow
    }

    let fields: HTTPFields = [
        "X-Rate-Limit": " 41 ", "X-Stamp": "fastapi", "X-Ratio": "0.5", "X-Beta": "true",
        "X-At": "2026-12-01T07:19:00.123456Z", "Expires": "Sun, 06 Nov 1994 08:49:37 GMT", "X-Epoch": "1700000000",
        "X-Id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "X-Mode": "slow", "X-Tags": "a, b,c", "X-Codes": "1,2, 3",
        "X-Day": "2026-12-01", "X-Link": "https://example.com/next?page=2"
    ]

    @Test func scalarsAreReadAsTheirDeclaredType() {
        #expect(fields.decode(Int.self, field: "x-rate-limit", dates: .iso8601) == 41)
        #expect(fields.decode(Int32.self, field: "X-Rate-Limit", dates: .iso8601) == 41)
        #expect(fields.decode(String.self, field: "X-Rate-Limit", dates: .iso8601) == "41")
        #expect(fields.decode(String.self, field: "X-Stamp", dates: .iso8601) == "fastapi")
        #expect(fields.decode(Double.self, field: "X-Ratio", dates: .iso8601) == 0.5)
        #expect(fields.decode(Bool.self, field: "X-Beta", dates: .iso8601) == true)
        #expect(
            fields.decode(UUID.self, field: "X-Id", dates: .iso8601)
                == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(fields.decode(Mode.self, field: "X-Mode", dates: .iso8601) == .slow)
        #expect(
            fields.decode(URL.self, field: "X-Link", dates: .iso8601) == URL(string: "https://example.com/next?page=2"))
        #expect(fields.decode(CalendarDate.self, field: "X-Day", dates: .iso8601)?.description == "2026-12-01")
    }

    @Test func datesFollowTheServiceCodingOrAreHTTPDates() throws {
        let at = try #require(fields.decode(Date.self, field: "X-At", dates: .iso8601))
        #expect(abs(at.timeIntervalSince1970 - 1_796_109_540.123456) < 0.000_001)
        #expect(fields.decode(Date.self, field: "Expires", dates: .iso8601) == Date(timeIntervalSince1970: 784_111_777))
        #expect(
            fields.decode(Date.self, field: "X-Epoch", dates: .secondsSince1970)
                == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func listsAreCommaSeparated() {
        #expect(fields.decode([String].self, field: "X-Tags", dates: .iso8601) == ["a", "b", "c"])
        #expect(fields.decode([Int].self, field: "X-Codes", dates: .iso8601) == [1, 2, 3])
    }

    @Test func anAbsentFieldOrTextOfAnotherTypeIsNil() {
        #expect(fields.decode(Int.self, field: "X-Missing", dates: .iso8601) == nil)
        #expect(fields.decode(Int.self, field: "X-Stamp", dates: .iso8601) == nil)
        #expect(fields.decode(Bool.self, field: "X-Rate-Limit", dates: .iso8601) == nil)
        #expect(fields.decode(Date.self, field: "X-Stamp", dates: .iso8601) == nil)
        #expect(fields.decode(UUID.self, field: "X-Stamp", dates: .iso8601) == nil)
    }

    @Test func repeatedFieldsAreReadTogether() {
        let repeated: HTTPFields = [HTTPHeader("X-Tag", "a"), HTTPHeader("X-Tag", "b")]
        #expect(repeated.decode([String].self, field: "x-tag", dates: .iso8601) == ["a", "b"])
    }
}
