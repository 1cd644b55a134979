// A child process that makes one call through `SpecwrightRuntime` and prints its outcome as one
// JSON line. Tests run it where the test process itself cannot: SecurityTLSRedirectTests runs it in
// a mount namespace of its own (`unshare -m`) in which a throwaway CA certificate is bind-mounted
// over the system CA bundle, so only this child trusts the test's TLS server.
//
//   transport-probe-child <url> <GET|POST> <follow|sameOrigin|never> <bearer token>
//
// Output: {"status": <Int or null>, "error": <kind or null>, "body": <String>}. Exits after 60 s at most.
import Foundation
import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The call: the URL's path and query on its origin.
struct ProbeEndpoint: Endpoint {
    var method: HTTPMethod
    var pathSegments: [String]
    var query: QueryParameters
    var operationName: String { "probe.call" }
    var body: RequestBody? { method == .post ? .json(["probe": 1]) : nil }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let components = URLComponents(string: arguments[1]),
    let scheme = components.scheme, let host = components.host, let port = components.port,
    let origin = URL(string: "\(scheme)://\(host):\(port)")
else { fail("usage: transport-probe-child <url> <GET|POST> <follow|sameOrigin|never> <bearer token>") }
let policies: [String: RedirectPolicy] = ["follow": .follow, "sameOrigin": .sameOrigin, "never": .never]
guard let policy = policies[arguments[3]] else { fail("unknown redirect policy \(arguments[3])") }
let token = arguments[4]

var query = QueryParameters()
for item in components.queryItems ?? [] { query.append(item.name, item.value) }
let endpoint = ProbeEndpoint(
    method: arguments[2] == "POST" ? .post : .get,
    pathSegments: components.path.split(separator: "/").map(String.init), query: query)
var configuration = ClientConfiguration(tokenProvider: TokenProvider(token: { token }), retryPolicy: RetryPolicy.none)
configuration.logging = .disabled
configuration.transferLimits.redirects = policy
let client = APIClient(service: ServiceDescription(name: "Probe", baseURL: origin, auth: .bearer, timeout: 20), configuration: configuration)

Thread.detachNewThread {
    Thread.sleep(forTimeInterval: 60)
    fail("the call did not end within 60 s")
}
let done = DispatchSemaphore(value: 0)
Task.detached {
    var result: [String: String?] = ["status": nil, "error": nil, "body": ""]
    do {
        let body = try await client.sendData(endpoint)
        result["status"] = "200"
        result["body"] = String(decoding: body, as: UTF8.self)
    } catch let error as SpecwrightError {
        result["status"] = error.status.map(String.init)
        result["error"] = error.kindDescription
    } catch {
        result["error"] = "\(error)"
    }
    let object = result.mapValues { $0.map { $0 as Any } ?? NSNull() }
    let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    FileHandle.standardOutput.write(json + Data("\n".utf8))
    done.signal()
}
done.wait()
exit(0)
