import Foundation

/// Turns the bytes of a `text/event-stream` body, in chunks split anywhere, into events, as the
/// WHATWG HTML standard's event-stream interpretation does (§9.2.6): a leading byte order mark is
/// skipped, lines end with CRLF, LF or CR (a CRLF split between chunks counts once), lines starting
/// with `:` are comments, `data:` lines accumulate, a blank line dispatches, a block without data
/// dispatches nothing, an `id:` containing NUL is ignored, `retry:` takes ASCII digits only (any
/// number of them: past `Int.max` it is `Int.max`), and an unfinished block at the end of the
/// stream is dropped. Invalid UTF-8 decodes to U+FFFD.
///
/// Memory is bounded: a line or an event's data longer than `limit` bytes throws
/// `SpecwrightError` `.responseTooLarge`.
public struct ServerSentEventParser: Sendable {
    /// The largest line or event data accepted, in bytes.
    public let limit: Int
    /// The last event ID so far (empty when none or reset).
    public private(set) var lastEventID = ""
    /// The reconnection time the server asked for, in milliseconds.
    public private(set) var retry: Int?

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var eventType = ""
    private var blockRetry: Int?
    private var atStart = true
    private var skipsLeadingLF = false

    /// A parser that accepts lines and event data up to `limit` bytes.
    public init(limit: Int = TransferLimits.defaultMaximumResponseBytes) {
        self.limit = max(1, limit)
    }

    /// The events that `chunk` completes, in order.
    public mutating func parse(_ chunk: Data) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        try chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            if skipsLeadingLF, !bytes.isEmpty {
                skipsLeadingLF = false
                if bytes[0] == 0x0A { start = 1 }
            }
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x0A || byte == 0x0D else {
                    index += 1
                    continue
                }
                let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                if line.isEmpty {
                    try process(piece, into: &events)
                } else {
                    try extendLine(piece)
                    let whole = line
                    line.removeAll(keepingCapacity: true)
                    try whole.withUnsafeBytes { try process($0, into: &events) }
                }
                index += 1
                if byte == 0x0D {
                    if index < bytes.count {
                        if bytes[index] == 0x0A { index += 1 }
                    } else {
                        skipsLeadingLF = true
                    }
                }
                start = index
            }
            if start < bytes.count { try extendLine(UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count])) }
        }
        return events
    }

    /// Prepares for the body of a new connection (a reconnection): a partial line and an
    /// unfinished block of the old one are dropped; the last event ID and the retry time stay.
    public mutating func startNewStream() {
        line.removeAll(keepingCapacity: true)
        data.removeAll(keepingCapacity: true)
        eventType = ""
        blockRetry = nil
        atStart = true
        skipsLeadingLF = false
    }

    private mutating func extendLine(_ bytes: UnsafeRawBufferPointer) throws {
        guard line.count + bytes.count <= limit else { throw TransferLimits(maximumResponseBytes: limit).tooLarge() }
        line.append(contentsOf: bytes)
    }

    private mutating func process(_ raw: UnsafeRawBufferPointer, into events: inout [ServerSentEvent]) throws {
        var text = raw
        if atStart {
            atStart = false
            if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
                text = UnsafeRawBufferPointer(rebasing: text[3...])
            }
        }
        guard !text.isEmpty else { return dispatch(into: &events) }
        if text[0] == UInt8(ascii: ":") { return }
        let colon = text.firstIndex(of: UInt8(ascii: ":"))
        let name = UnsafeRawBufferPointer(rebasing: text[..<(colon ?? text.count)])
        var valueStart = colon.map { $0 + 1 } ?? text.count
        if valueStart < text.count, text[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = UnsafeRawBufferPointer(rebasing: text[valueStart...])
        switch Field(name) {
        case .data:
            guard data.count + value.count + 1 <= limit else {
                throw TransferLimits(maximumResponseBytes: limit).tooLarge()
            }
            data.append(contentsOf: value)
            data.append(0x0A)
        case .event:
            eventType = String(decoding: value, as: UTF8.self)
        case .id:
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case .retry:
            if let milliseconds = Self.milliseconds(value) {
                retry = milliseconds
                blockRetry = milliseconds
            }
        case .other:
            break
        }
    }

    /// A `retry:` value: ASCII digits only (else `nil`), as many as there are, saturating at
    /// `Int.max` (the reconnect policy clamps the wait to its ``ServerSentEventReconnect/maximumDelay``).
    private static func milliseconds(_ value: UnsafeRawBufferPointer) -> Int? {
        guard !value.isEmpty else { return nil }
        var result = 0
        for byte in value {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times10, overflowed) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times10.addingReportingOverflow(Int(byte - 0x30))
            result = overflowed || overflowedAgain ? Int.max : sum
        }
        return result
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data.removeAll(keepingCapacity: true)
            eventType = ""
            blockRetry = nil
        }
        guard !data.isEmpty else { return }
        data.removeLast()
        events.append(
            ServerSentEvent(
                event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self),
                id: lastEventID.isEmpty ? nil : lastEventID, retry: blockRetry))
    }

    /// The field names the standard knows.
    private enum Field {
        case data, event, id, retry, other

        init(_ name: UnsafeRawBufferPointer) {
            switch name.count {
            case 2 where name[0] == 0x69 && name[1] == 0x64: self = .id
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: self = .other
            }
        }
    }
}
