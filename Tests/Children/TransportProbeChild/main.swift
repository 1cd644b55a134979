// A child process that makes one call through `SpecwrightRuntime` and prints its outcome as one
// JSON line. Tests run it where the test process itself cannot: SecurityTLSRedirectTests runs it in
// a mount namespace of its own (`unshare -m`) in which a throwaway CA certificate is bind-mounted
// over the system CA bundle, so only this child trusts the test's TLS server.
//
//   transport-probe-child <url> <GET|POST> <follow|sameOrigin|never> <bearer token>
//   transport-probe-child download <url> <destination file>
//   transport-probe-child download-starved <url> <destination file>
//   transport-probe-child download-cancel <url> <destination file>
//   transport-probe-child upload <url> <file>
//   transport-probe-child upload-multipart <url> <file> <file>
//   transport-probe-child stress <scenario URL> <rounds>   (Stress.swift)
//   transport-probe-child upload-cancel-stress <scenario URL> <rounds>   (UploadCancelStress.swift)
//   transport-probe-child hostile-body <url> <limit bytes> <timeout seconds>   (HostileBodies.swift)
//
// Output: {"status": <Int or null>, "error": <kind or null>, "body": <String>}; a download adds
// "peakGrowth" (bytes the peak resident size grew by during the call, from /proc/self/status: the
// child does nothing else, so this is the download's own memory), "progressCalls",
// "progressMonotonic" and "lastProgress"/"total". download-starved does the same with a progress
// callback that blocks the transport's delegate queue for 3 s at its first call (a starved
// consumer: what reaches the client meanwhile waits in memory unless the transport holds the
// transfer back). download-cancel cancels the download once 1 MB
// arrived and adds "leftover": the platform's download files (`<UUID>.tmp`) still in the temporary
// directory (run it with a TMPDIR of its own) once they are gone or 30 s passed. upload POSTs the
// file as the body (`RequestBody.file`), upload-multipart POSTs both files and two text fields as
// multipart/form-data; both print the server's answer as "body", the memory and progress fields
// of a download, and "temporaryFiles": the entries of the temporary directory at the first progress
// report (run it with a TMPDIR of its own: a body copied to a temporary file shows there). Exits after 120 s at most.
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
    var options = EndpointOptions()
    var operationName: String { "probe.call" }
    var body: RequestBody? { method == .post ? .json(["probe": 1]) : nil }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

/// `VmRSS` or `VmHWM` of this process in bytes (Linux), else 0.
func memory(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return kilobytes * 1024
}

let uploads =
    (CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "upload")
    || (CommandLine.arguments.count == 5 && CommandLine.arguments[1] == "upload-multipart")
if uploads { runUpload() }
if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "stress" { runStress() }
if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "upload-cancel-stress" { runUploadCancelStress() }
if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "hostile-body" { runHostileBody() }
let cancels = CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "download-cancel"
let starved = CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "download-starved"
let download =
    CommandLine.arguments.count == 4 && (CommandLine.arguments[1] == "download" || cancels || starved)
let arguments =
    download
    ? [CommandLine.arguments[0], CommandLine.arguments[2], "GET", "sameOrigin", "token"] : CommandLine.arguments
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
    pathSegments: components.path.split(separator: "/").map(String.init), query: query,
    options: EndpointOptions(timeout: 100))
var configuration = ClientConfiguration(tokenProvider: TokenProvider(token: { token }), retryPolicy: RetryPolicy.none)
configuration.logging = .disabled
configuration.transferLimits.redirects = policy
let client = APIClient(
    service: ServiceDescription(name: "Probe", baseURL: origin, auth: .bearer, timeout: 20),
    configuration: configuration)

/// Starts the download, cancels it once 1 MB arrived and returns the error's kind.
func downloadAndCancel(_ endpoint: ProbeEndpoint, to destination: URL) async -> String? {
    let received = Locked<Int64>(0)
    let task = Task {
        try await client.download(endpoint, to: destination) { value in received.withLock { $0 = value.completedBytes }
        }
    }
    while received.value < 1 << 20 { try? await Task.sleep(nanoseconds: 5_000_000) }
    task.cancel()
    switch await task.result {
    case .success: return nil
    case .failure(let error as SpecwrightError): return error.kindDescription
    case .failure(let error): return "\(error)"
    }
}

/// The `<UUID>.tmp` files in the temporary directory, once there are none or after 30 s.
func platformFilesLeft() async -> Int {
    func count() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        return names.filter { $0.hasSuffix(".tmp") && UUID(uuidString: String($0.dropLast(4))) != nil }.count
    }
    for _ in 0..<600 where count() > 0 {
        try? await Task.sleep(nanoseconds: 50_000_000)
    }
    return count()
}

Thread.detachNewThread {
    Thread.sleep(forTimeInterval: 120)
    fail("the call did not end within 120 s")
}
let done = DispatchSemaphore(value: 0)
Task.detached {
    var result: [String: String?] = ["status": nil, "error": nil, "body": ""]
    do {
        if cancels {
            result["error"] = await downloadAndCancel(endpoint, to: URL(fileURLWithPath: CommandLine.arguments[3]))
            result["leftover"] = String(await platformFilesLeft())
        } else if download {
            let progress = Locked<[TransferProgress]>([])
            let before = memory("VmRSS")
            let response = try await client.download(endpoint, to: URL(fileURLWithPath: CommandLine.arguments[3])) {
                value in
                let first = progress.withLock {
                    $0.append(value)
                    return $0.count == 1
                }
                if starved && first { Thread.sleep(forTimeInterval: 3) }
            }
            let values = progress.value
            result["status"] = String(response.status)
            result["peakGrowth"] = String(memory("VmHWM") - before)
            result["progressCalls"] = String(values.count)
            result["progressMonotonic"] = String(
                zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
            result["lastProgress"] = values.last.map { String($0.completedBytes) }
            result["total"] = values.last?.totalBytes.map(String.init)
        } else {
            let body = try await client.sendData(endpoint)
            result["status"] = "200"
            result["body"] = String(decoding: body, as: UTF8.self)
        }
    } catch let error as SpecwrightError {
        result["status"] = error.status.map(String.init)
        result["error"] = error.kindDescription
    } catch {
        result["error"] = "\(error)"
    }
    printResult(result)
    done.signal()
}
done.wait()
exit(0)

/// Prints `result` as one line of JSON (sorted keys, `null` for a missing value): what a mode of
/// this child hands back to its test.
func printResult(_ result: [String: String?]) {
    let object = result.mapValues { $0.map { $0 as Any } ?? NSNull() }
    let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    FileHandle.standardOutput.write(json + Data("\n".utf8))
}
