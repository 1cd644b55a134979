import Foundation
import SpecwrightRuntime
import Testing

/// `date-time` values keep their precision: encoded to the microsecond in bodies, queries, paths
/// and headers; decoded from 0–9 fractional digits and any UTC offset.
@Suite("ISO 8601 dates keep their precision")
struct DatePrecisionTests {
    private struct Stamp: Codable, Sendable, Equatable {
        var at: Date
    }

    /// 2024-05-01T12:34:56Z plus `micros` microseconds.
    private static func date(micros: Int) -> Date {
        Date(timeIntervalSince1970: 1_714_566_896 + Double(micros) / 1_000_000)
    }

    private static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    @Test(arguments: [
        (0, "2024-05-01T12:34:56Z"), (250_000, "2024-05-01T12:34:56.250Z"), (123_456, "2024-05-01T12:34:56.123456Z"),
        (1, "2024-05-01T12:34:56.000001Z"), (999_999, "2024-05-01T12:34:56.999999Z"),
        (120_000, "2024-05-01T12:34:56.120Z"),
        (100_010, "2024-05-01T12:34:56.100010Z")
    ])
    func encodingKeepsEveryMicrosecond(micros: Int, text: String) throws {
        let date = Self.date(micros: micros)
        #expect(DateCoding.iso8601.string(from: date) == text)
        let json = try DateCoding.iso8601.makeEncoder().encode(Stamp(at: date))
        #expect(String(decoding: json, as: UTF8.self) == #"{"at":"\#(text)"}"#)
    }

    @Test func aFractionThatRoundsUpCarriesIntoTheNextSecond() {
        let date = Date(timeIntervalSince1970: 1_714_566_896.999_999_7)
        #expect(DateCoding.iso8601.string(from: date) == "2024-05-01T12:34:57Z")
        #expect(DateCoding.iso8601.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }

    @Test(arguments: [
        ("2024-05-01T12:34:56Z", 0), ("2024-05-01T12:34:56.1Z", 100_000), ("2024-05-01T12:34:56.12Z", 120_000),
        ("2024-05-01T12:34:56.123Z", 123_000), ("2024-05-01T12:34:56.1234Z", 123_400),
        ("2024-05-01T12:34:56.12345Z", 123_450),
        ("2024-05-01T12:34:56.123456Z", 123_456), ("2024-05-01T12:34:56.1234567Z", 123_457),
        ("2024-05-01T12:34:56.12345678z", 123_457), ("2024-05-01T12:34:56.123456789Z", 123_457),
        ("2024-05-01T18:04:56.123456+05:30", 123_456), ("2024-05-01T05:34:56.123456-07:00", 123_456),
        ("2024-05-01T12:34:56.123456+00:00", 123_456), ("2024-05-01T12:34:56.123456-00:00", 123_456),
        ("2024-05-02T02:19:56.000001+13:45", 1)
    ])
    func decodingAcceptsZeroToNineDigitsAndAnyOffset(text: String, micros: Int) throws {
        let stamp = try DateCoding.iso8601.makeDecoder().decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8))
        #expect(Self.microseconds(stamp.at) == Self.microseconds(Self.date(micros: micros)))
    }

    private struct Echo: Decodable, Sendable {
        var path: String
        var query: String
        var headers: [String: String]
        var body: String
    }

    @Test(.timeLimit(.minutes(1)))
    func aMicrosecondDateSurvivesBodyQueryPathAndHeaderThroughTheServer() async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let client = TestSupport.fixtureClient(server, sid: sid)
        let date = Self.date(micros: 654_321)
        let text = DateCoding.iso8601.string(from: date)
        var query = QueryParameters()
        query.append("since", date)
        let endpoint = TestEndpoint(
            ["echo", text], method: .post, query: query, headers: [HTTPHeader("X-At", text)],
            body: .json(Stamp(at: date)))
        let echo = try await client.send(endpoint, as: Echo.self)
        let decoder = DateCoding.iso8601.makeDecoder()
        let fromBody = try decoder.decode(Stamp.self, from: Data(echo.body.utf8)).at
        let fromQuery = try #require(echo.query.removingPercentEncoding?.split(separator: "=").last.map(String.init))
        let fromPath = try #require(echo.path.removingPercentEncoding?.split(separator: "/").last.map(String.init))
        let fromHeader = try #require(echo.headers["x-at"])
        #expect(Self.microseconds(fromBody) == Self.microseconds(date))
        for received in [fromQuery, fromPath, fromHeader] {
            #expect(received == "2024-05-01T12:34:56.654321Z")
            let decoded = try decoder.decode(Stamp.self, from: Data(#"{"at":"\#(received)"}"#.utf8)).at
            #expect(Self.microseconds(decoded) == Self.microseconds(date))
        }
    }
}
