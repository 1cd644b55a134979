import Foundation
import SpecwrightRuntime

/// An upload the stress cancels: a file `PUT` or a multipart `POST` marked idempotent, so that
/// both would be retried after a retryable error — a cancellation must never be.
struct StressUpload: Endpoint {
    var pathSegments: [String]
    var method: HTTPMethod
    var body: RequestBody?
    var options: EndpointOptions { EndpointOptions(timeout: 60, isIdempotent: true) }
    var operationName: String { "probe.stressUpload" }
}

/// Cancels its call from the call's first progress report. The call starts only once `attach`
/// handed it over, so the report always finds it.
final class CancelAtFirstProgress: Sendable {
    private let call = Locked<Task<APIResponse<Data>, any Error>?>(nil)
    private let (attached, attachedSignal) = AsyncStream.makeStream(of: Void.self)

    func attach(_ task: Task<APIResponse<Data>, any Error>) {
        call.withLock { $0 = task }
        attachedSignal.finish()
    }

    func waitUntilAttached() async {
        for await _ in attached {}
    }

    func progressArrived() {
        call.value?.cancel()
    }
}

/// `upload-cancel-stress <scenario URL> <rounds>`: file uploads (`RequestBody.file`) and multipart
/// uploads with a file part, four at a time through one `URLSessionTransport`, each cancelled from
/// its first progress report — mid-body, while the transport reads the file. FoundationNetworking
/// trapped on some of these cancels when it read the file itself (EasyHandle.swift, `try!` on curl
/// error 43); a crash of this process is the failure. Prints `{"uploads": n, "cancelled": c,
/// "singleAttempt": s, "budgetUntouched": "true"|"false"}` and exits with 0.
func runUploadCancelStress() -> Never {
    let arguments = CommandLine.arguments
    guard arguments.count == 4, let base = URL(string: arguments[2]), let rounds = Int(arguments[3]),
        let components = URLComponents(url: base, resolvingAgainstBaseURL: false), let host = components.host,
        let port = components.port, let origin = URL(string: "http://\(host):\(port)")
    else { fail("usage: transport-probe-child upload-cancel-stress <scenario URL> <rounds>") }
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: 240)
        fail("the upload cancel stress did not end within 240 s")
    }
    let scenario = components.path.split(separator: "/").map(String.init)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upload-stress-\(UUID())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("clip.mov")
        try? Data((0..<8_000_000).map { UInt8(truncatingIfNeeded: $0 / 3) }).write(to: file)
        var configuration = ClientConfiguration(transport: URLSessionTransport(), retryPolicy: .default)
        configuration.logging = .disabled
        let client = APIClient(
            service: ServiceDescription(name: "Probe", baseURL: origin, timeout: 60), configuration: configuration)
        let budget = client.retryBudget?.available
        var counts = (uploads: 0, cancelled: 0, singleAttempt: 0)
        for round in 0..<rounds {
            await withTaskGroup(of: SpecwrightError?.self) { group in
                for index in 0..<4 {
                    let endpoint = stressUpload((round + index) % 2 == 0, file: file, scenario: scenario)
                    group.addTask {
                        let canceller = CancelAtFirstProgress()
                        let call = Task {
                            await canceller.waitUntilAttached()
                            return try await client.upload(endpoint) { _ in canceller.progressArrived() }
                        }
                        canceller.attach(call)
                        return (await call.result).failure as? SpecwrightError
                    }
                }
                for await error in group {
                    counts.uploads += 1
                    if error?.isCancellation == true { counts.cancelled += 1 }
                    if error?.attempts == 1 { counts.singleAttempt += 1 }
                }
            }
        }
        let untouched = client.retryBudget?.available == budget
        print(
            "{\"uploads\": \(counts.uploads), \"cancelled\": \(counts.cancelled), "
                + "\"singleAttempt\": \(counts.singleAttempt), \"budgetUntouched\": \"\(untouched)\"}")
        done.signal()
    }
    done.wait()
    exit(0)
}

/// A file `PUT` to `upload-hash`, or a multipart `POST` of a field and the file to `multipart-hash`.
private func stressUpload(_ asFile: Bool, file: URL, scenario: [String]) -> StressUpload {
    if asFile {
        return StressUpload(
            pathSegments: scenario + ["upload-hash"], method: .put, body: .file(FilePart(fileURL: file)))
    }
    let parts = [
        MultipartPart(name: "title", data: Data("clip".utf8)),
        MultipartPart(name: "clip", file: FilePart(fileURL: file, contentType: "video/quicktime"))
    ]
    return StressUpload(pathSegments: scenario + ["multipart-hash"], method: .post, body: .multipart(parts))
}

extension Result {
    /// The error of a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
