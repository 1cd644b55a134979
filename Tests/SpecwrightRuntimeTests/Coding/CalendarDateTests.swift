import Foundation
import SpecwrightRuntime
import Testing

/// `CalendarDate`: OpenAPI `format: date` values.
@Suite struct CalendarDateTests {
    @Test(arguments: ["2024-02-29", "0001-01-01", "9999-12-31", "2000-02-29"])
    func realDaysParseAndPrintBackUnchanged(text: String) throws {
        let date = try #require(CalendarDate(text))
        #expect(date.description == text)
    }

    @Test(arguments: [
        "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-1-01", "24-01-01",
        "2024-01-01T00:00:00Z", "2024/01/01", "", "２０２４-01-01", "0000-01-01"
    ])
    func anythingElseIsRejected(text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test func codingUsesTheDateTextAndRejectsOtherStrings() throws {
        let day = try #require(CalendarDate(year: 2026, month: 11, day: 29))
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == #"["2026-11-29"]"#)
        #expect(try JSONDecoder().decode([CalendarDate].self, from: Data(#"["2026-11-29"]"#.utf8)) == [day])
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode([CalendarDate].self, from: Data(#"["2026-11-29T10:00:00Z"]"#.utf8))
        }
        #expect(day.queryValue == .string("2026-11-29"))
    }

    @Test func datesOrderByDayAndConvertInAGivenTimeZone() throws {
        let earlier = try #require(CalendarDate("2026-01-31"))
        let later = try #require(CalendarDate("2026-02-01"))
        #expect(earlier < later)
        let utc = try #require(TimeZone(identifier: "UTC"))
        let start = try #require(later.date(in: utc))
        #expect(start == Date(timeIntervalSince1970: 1_769_904_000))
        #expect(CalendarDate(start, in: utc) == later)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(CalendarDate(Date(timeIntervalSince1970: 1_769_904_000 - 3600), in: tokyo) == later)
    }
}
