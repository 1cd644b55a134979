import Foundation
import SpecwrightRuntime

// `transport-probe-child hostile-body <url> <limit bytes> <timeout seconds>`: one buffered GET
// (`APIClient.sendData`, no retries) of a hostile body with `TransferLimits.maximumResponseBytes`
// = limit and the endpoint's timeout, in a process that does nothing else, so its peak resident
// size is the call's own memory (SecurityHostileBodyMemoryTests: a gzip bomb, an endless body, a
// slow drip). Prints one JSON line: "status", "error" (the kind in words), "kind" (`responseTooLarge
// <limit>`, `timeout`, … or `none` when the call succeeded), "retryable", "bytes" (the body's size
// when it succeeded) and "peakGrowth" (`VmHWM` after the call minus `VmRSS` before it, bytes),
// then exits at once — FoundationNetworking may still be inflating a bomb in the background
// (docs/security.md), which the exit ends. Exits after 120 s at most.

/// The GET of the URL's path and query on its origin.
private struct HostileBodyEndpoint: Endpoint {
    var pathSegments: [String]
    var query: QueryParameters
    var options: EndpointOptions
    var method: HTTPMethod { .get }
    var operationName: String { "probe.hostileBody" }
}

/// `kind` as one word and its argument: what the test compares.
private func kindName(_ kind: SpecwrightError.Kind) -> String {
    switch kind {
    case .responseTooLarge(let limit): return "responseTooLarge \(limit)"
    case .timeout: return "timeout"
    case .cancelled: return "cancelled"
    case .transport(let error): return "transport \(error.code.rawValue)"
    default: return "other"
    }
}

/// `hostile-body`: the call, its outcome as one JSON line, then exit.
func runHostileBody() -> Never {
    let arguments = CommandLine.arguments
    guard arguments.count == 5, let components = URLComponents(string: arguments[2]),
        let scheme = components.scheme, let host = components.host, let port = components.port,
        let origin = URL(string: "\(scheme)://\(host):\(port)"), let limit = Int(arguments[3]),
        let timeout = TimeInterval(arguments[4])
    else { fail("usage: transport-probe-child hostile-body <url> <limit bytes> <timeout seconds>") }
    var query = QueryParameters()
    for item in components.queryItems ?? [] { query.append(item.name, item.value) }
    let endpoint = HostileBodyEndpoint(
        pathSegments: components.path.split(separator: "/").map(String.init), query: query,
        options: EndpointOptions(timeout: timeout))
    var configuration = ClientConfiguration(retryPolicy: RetryPolicy.none)
    configuration.logging = .disabled
    configuration.transferLimits = TransferLimits(maximumResponseBytes: limit)
    let client = APIClient(
        service: ServiceDescription(name: "Probe", baseURL: origin, timeout: timeout), configuration: configuration)
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: 120)
        fail("the call did not end within 120 s")
    }
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        var result: [String: String?] = ["status": nil, "error": nil, "kind": "none", "retryable": nil, "bytes": nil]
        let before = memory("VmRSS")
        let start = Date()
        do {
            let body = try await client.sendData(endpoint)
            result["status"] = "200"
            result["bytes"] = String(body.count)
        } catch let error as SpecwrightError {
            result["status"] = error.status.map(String.init)
            result["error"] = error.kindDescription
            result["kind"] = kindName(error.kind)
            result["retryable"] = String(error.isRetryable)
        } catch {
            result["error"] = "\(error)"
            result["kind"] = "other"
        }
        result["peakGrowth"] = String(memory("VmHWM") - before)
        // For the record (docs/security.md), never compared: timing depends on the machine's load.
        result["seconds"] = String(format: "%.1f", Date().timeIntervalSince(start))
        printResult(result)
        done.signal()
    }
    done.wait()
    exit(0)
}
