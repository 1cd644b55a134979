import Foundation
import SpecwrightRuntime
import Testing

@Suite("ISO 8601 date decoding")
struct DateParsingTests {
    private struct Stamp: Decodable, Sendable {
        var at: Date
    }

    private func decode(_ text: String) -> Date? {
        try? DateCoding.iso8601.makeDecoder().decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8)).at
    }

    private func reference(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    @Test(arguments: [
        "1970-01-01T00:00:00Z", "2024-05-01T12:34:56Z", "2024-02-29T23:59:59Z", "1900-03-01T00:00:00Z",
        "2000-02-29T00:00:00Z", "2038-01-19T03:14:08Z", "2024-05-01T12:34:56.789Z", "2024-05-01T12:34:56.5Z",
        "2024-05-01T12:34:56+02:00", "2024-05-01T12:34:56-07:30", "2024-05-01T12:34:56.250+05:45",
        "1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"
    ])
    func theFastPathAgreesWithISO8601FormatStyle(text: String) throws {
        let fast = try #require(decode(text))
        let slow = try #require(reference(text))
        #expect(abs(fast.timeIntervalSince(slow)) < 0.000_001)
    }

    /// FastAPI (pydantic) writes a `datetime` without tzinfo with no offset; RFC 3339 requires one.
    /// Such a date-time is read as UTC, as other generators' clients do (docs/openapi.md, dates).
    @Test(arguments: [
        ("2024-05-01T12:34:56", "2024-05-01T12:34:56Z"), ("2024-05-01T12:34:56.123456", "2024-05-01T12:34:56.123456Z"),
        ("2024-05-01t00:00:00.5", "2024-05-01T00:00:00.5Z"), ("1970-01-01T00:00:00", "1970-01-01T00:00:00Z")
    ])
    func aDateTimeWithoutOffsetIsReadAsUTC(naive: String, utc: String) throws {
        let date = try #require(decode(naive))
        #expect(abs(date.timeIntervalSince(try #require(decode(utc)))) < 0.000_000_5)
    }

    @Test(arguments: [
        "yesterday", "2024-13-01T00:00:00Z", "2024-05-01", "2024-05-01T12:34", "", "2024-05-01T12:34:56.Z",
        "2024-05-01T12:34:56.", "2024-05-01T12:34:56 ", "2024-05-01T25:00:00"
    ])
    func invalidDatesAreDecodingErrors(text: String) {
        #expect(decode(text) == nil)
    }
}
