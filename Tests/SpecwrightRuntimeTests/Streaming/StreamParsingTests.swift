import Foundation
import SpecwrightRuntime
import Testing

/// Issue #19 item 4: the `text/event-stream` interpretation of the WHATWG HTML standard (§9.2.6)
/// and JSON Lines splitting, fed in chunks split anywhere.
@Suite("Streaming: server-sent events and JSON Lines parsing")
struct StreamParsingTests {
    /// The fixture server's `/sse` body (`Tests/Fixtures/stream_fixture.py`).
    static let fixture = Data(
        ("\u{FEFF}: a comment before anything\r\nretry: 1500\ndata: first\n\nevent: update\r\nid: 7\r\n"
            + "data: line one\r\ndata:line two\r\ndata:  indented\r\n\r\n: keep-alive\rdata: {\"n\":3}\r\r"
            + "id\ndata\ndata: after an empty data field\n\nevent: ignored\nid: 9\n\n"
            + "data: after a block without data\nretry: soon\nunknown: field\n\ndata: unfinished").utf8)

    /// What the standard dispatches for `fixture`.
    static let expected = [
        ServerSentEvent(data: "first", retry: 1500),
        ServerSentEvent(event: "update", data: "line one\nline two\n indented", id: "7"),
        ServerSentEvent(data: "{\"n\":3}", id: "7"),
        ServerSentEvent(data: "\nafter an empty data field"),
        ServerSentEvent(data: "after a block without data", id: "9")
    ]

    private func parse(_ body: Data, chunkSize: Int) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var start = body.startIndex
        while start < body.endIndex {
            let end = min(start + chunkSize, body.endIndex)
            events += try parser.parse(body[start..<end])
            start = end
        }
        return events
    }

    @Test func dispatchesWhatTheStandardDispatchesWhereverTheChunksSplit() throws {
        for size in 1...Self.fixture.count {
            #expect(try parse(Self.fixture, chunkSize: size) == Self.expected, "chunk size \(size)")
        }
    }

    @Test func aCRLFSplitBetweenChunksEndsOneLine() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Data("data: a\r".utf8)).isEmpty)
        #expect(try parser.parse(Data("\n\r".utf8)) == [ServerSentEvent(data: "a")])
        #expect(try parser.parse(Data("\ndata: b\n\n".utf8)) == [ServerSentEvent(data: "b")])
    }

    @Test func keepsTheLastEventIDAndRetryAcrossEvents() throws {
        var parser = ServerSentEventParser()
        let events = try parser.parse(
            Data("id: 1\nretry: 250\ndata: a\n\ndata: b\n\nid: bad\u{0}id\ndata: c\n\nid\ndata: d\n\n".utf8))
        #expect(events.map(\.id) == ["1", "1", "1", nil])
        #expect(events.map(\.retry) == [250, nil, nil, nil])
        #expect(parser.retry == 250)
        #expect(parser.lastEventID == "")
    }

    /// A `retry:` of ASCII digits sets the reconnection time whatever its length: past `Int.max`
    /// it is `Int.max` (the reconnect policy clamps it to its maximum delay); anything else is ignored.
    @Test func aRetryOfAnyNumberOfDigitsSetsTheReconnectionTimeSaturating() throws {
        let cases: [(String, Int?)] = [
            ("0", 0), ("007", 7), ("999999999999999999", 999_999_999_999_999_999),
            ("9223372036854775807", Int.max), ("9223372036854775808", Int.max),
            ("99999999999999999999999999", Int.max), (String(repeating: "1", count: 5000), Int.max),
            ("", nil), ("-1", nil), ("1.5", nil), (" 12", nil), ("12a", nil), ("１２", nil)
        ]
        for (value, expected) in cases {
            var parser = ServerSentEventParser()
            let events = try parser.parse(Data("retry: \(value)\ndata: x\n\n".utf8))
            #expect(parser.retry == expected, "retry: \(value.prefix(30))")
            #expect(events.map(\.retry) == [expected], "retry: \(value.prefix(30))")
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        var parser = ServerSentEventParser()
        let events = try parser.parse(Data([0x64, 0x61, 0x74, 0x61, 0x3A, 0x20, 0xFF, 0x61, 0x0A, 0x0A]))
        #expect(events == [ServerSentEvent(data: "\u{FFFD}a")])
    }

    @Test func aLineOrEventLargerThanTheLimitIsAClearError() throws {
        var parser = ServerSentEventParser(limit: 64)
        #expect(throws: SpecwrightError.self) {
            try parser.parse(Data(("data: " + String(repeating: "x", count: 100)).utf8))
        }
        var lines = ServerSentEventParser(limit: 64)
        let error = #expect(throws: SpecwrightError.self) {
            for _ in 0..<10 { _ = try lines.parse(Data("data: 0123456789\n".utf8)) }
        }
        guard case .responseTooLarge(let limit)? = error?.kind else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 64)
    }

    @Test func jsonLinesSplitAnywhereSkipBlankLinesAndKeepTheLastUnterminatedLine() throws {
        let body = Data("{\"n\":1}\r\n\n  \n{\"n\":2}\n{\"n\":3}".utf8)
        for size in 1...body.count {
            var splitter = JSONLineSplitter()
            var lines: [String] = []
            var start = body.startIndex
            while start < body.endIndex {
                let end = min(start + size, body.endIndex)
                lines += try splitter.split(body[start..<end]).map { String(decoding: $0, as: UTF8.self) }
                start = end
            }
            if let last = splitter.finish() { lines.append(String(decoding: last, as: UTF8.self)) }
            #expect(lines == ["{\"n\":1}", "{\"n\":2}", "{\"n\":3}"], "chunk size \(size)")
        }
    }

    @Test func aJSONLineLargerThanTheLimitIsAClearError() throws {
        var splitter = JSONLineSplitter(limit: 8)
        #expect(throws: SpecwrightError.self) { try splitter.split(Data("{\"n\":12345678}\n".utf8)) }
        var pieces = JSONLineSplitter(limit: 8)
        #expect(throws: SpecwrightError.self) {
            for _ in 0..<4 { _ = try pieces.split(Data("1234".utf8)) }
        }
    }
}
