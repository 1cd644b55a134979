import Foundation
import SpecwrightRuntime

/// `stress <scenario URL> <rounds>`: many short exchanges through one `URLSessionTransport`, each
/// ended by the client at a racy moment — a deadline about as long as the exchange, a caller
/// cancelled about when the response arrives, a body over the size limit (declared or counted),
/// a streamed body dropped after its head, a download cancelled or timed out. A crash of the
/// process (FoundationNetworking's task registry: swift-corelibs-foundation#3292) is the failure;
/// the outcomes of the exchanges do not matter, but one: an exchange whose deadline is the default
/// 30 s must never reach it (a stall: the session's work queue and delegate queue waiting for each
/// other, as a completion waiting for a racing cancel once made them). Prints
/// `{"exchanges": "<n>", "stalled": "<n>"}` and exits with 0.
func runStress() -> Never {
    let arguments = CommandLine.arguments
    guard arguments.count == 4, let base = URL(string: arguments[2]), let rounds = Int(arguments[3]) else {
        fail("usage: transport-probe-child stress <scenario URL> <rounds>")
    }
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: 240)
        fail("the stress run did not end within 240 s")
    }
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let transport = URLSessionTransport()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var exchanges = 0
        var stalled = 0
        for round in 0..<rounds {
            await withTaskGroup(of: Bool.self) { group in
                for index in 0..<StressExchange.allCases.count * 3 {
                    let kind = StressExchange.allCases[index % StressExchange.allCases.count]
                    let file = directory.appendingPathComponent("\(round)-\(index).bin")
                    group.addTask { await kind.run(on: transport, base: base, file: file, jitter: index) }
                    exchanges += 1
                }
                for await didStall in group where didStall { stalled += 1 }
            }
        }
        print("{\"exchanges\": \"\(exchanges)\", \"stalled\": \"\(stalled)\"}")
        done.signal()
    }
    done.wait()
    exit(0)
}

/// One way of ending an exchange early; `jitter` (0, 1, 2 …) moves the moment a little.
enum StressExchange: CaseIterable {
    case deadlineAsTheBodyEnds, cancelAsTheResponseArrives, declaredTooLarge, countedTooLarge
    case streamDroppedAfterHead, downloadCancelled, downloadTimedOut

    /// Runs the exchange; `true` when it ended by reaching the default 30 s deadline (a stall).
    func run(on transport: URLSessionTransport, base: URL, file: URL, jitter: Int) async -> Bool {
        do {
            try await exchange(on: transport, base: base, file: file, jitter: jitter)
        } catch let error as URLError where error.code == .timedOut {
            return !hasShortDeadline
        } catch {}
        return false
    }

    /// The kinds that set a deadline of a few milliseconds, which they are meant to reach.
    private var hasShortDeadline: Bool { self == .deadlineAsTheBodyEnds || self == .downloadTimedOut }

    private func exchange(on transport: URLSessionTransport, base: URL, file: URL, jitter: Int) async throws {
        let millisecond = 0.001
        switch self {
        case .deadlineAsTheBodyEnds:
            var request = HTTPRequest(method: .get, url: base.appendingPathComponent("json1k"))
            request.timeout = Double(1 + jitter) * millisecond
            _ = try await transport.send(request)
        case .cancelAsTheResponseArrives:
            let call = Task {
                try await transport.send(HTTPRequest(method: .get, url: base.appendingPathComponent("json1k")))
            }
            try? await Task.sleep(nanoseconds: UInt64(jitter) * 1_000_000)
            call.cancel()
            _ = try await call.value
        case .declaredTooLarge:
            var request = HTTPRequest(method: .get, url: url(base, "large", "bytes=200000"))
            request.limits.maximumResponseBytes = 100_000
            _ = try await transport.send(request)
        case .countedTooLarge:
            var request = HTTPRequest(method: .get, url: url(base, "unsized", "bytes=300000"))
            request.limits.maximumResponseBytes = 100_000 + jitter * 8_000
            _ = try await transport.send(request)
        case .streamDroppedAfterHead:
            let response = try await transport.stream(
                HTTPRequest(method: .get, url: url(base, "unsized", "bytes=300000")))
            _ = response.status
        case .downloadCancelled:
            var request = HTTPRequest(method: .get, url: url(base, "large", "bytes=100000"))
            request.destination = .file(FileDownload(destination: file))
            let call = Task { [request] in try await transport.send(request) }
            try? await Task.sleep(nanoseconds: UInt64(jitter) * 1_000_000)
            call.cancel()
            _ = try await call.value
        case .downloadTimedOut:
            var request = HTTPRequest(method: .get, url: url(base, "large", "bytes=100000"))
            request.destination = .file(FileDownload(destination: file))
            request.timeout = Double(1 + jitter) * 2 * millisecond
            _ = try await transport.send(request)
        }
    }

    private func url(_ base: URL, _ behaviour: String, _ query: String) -> URL {
        URL(string: base.appendingPathComponent(behaviour).absoluteString + "?" + query) ?? base
    }
}
