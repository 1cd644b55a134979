import Foundation
import SpecwrightRuntime

/// An upload endpoint of the probe: POST to the URL's path with `body`.
struct ProbeUpload: Endpoint {
    var pathSegments: [String]
    var body: RequestBody?
    var method: HTTPMethod { .post }
    var options: EndpointOptions { EndpointOptions(timeout: 100) }
    var operationName: String { "probe.upload" }
}

/// `upload` and `upload-multipart`: one upload, its outcome as one JSON line, then exit.
func runUpload() -> Never {
    let arguments = CommandLine.arguments
    guard let components = URLComponents(string: arguments[2]), let scheme = components.scheme,
        let host = components.host,
        let port = components.port, let origin = URL(string: "\(scheme)://\(host):\(port)")
    else { fail("usage: transport-probe-child upload <url> <file> | upload-multipart <url> <file> <file>") }
    let files = arguments.dropFirst(3).map { URL(fileURLWithPath: $0) }
    let body: RequestBody
    if arguments[1] == "upload" {
        body = .file(FilePart(fileURL: files[0], contentType: "application/x-probe"))
    } else {
        body = .multipart([
            MultipartPart(name: "title", data: Data("two files".utf8)),
            MultipartPart(name: "first", file: FilePart(fileURL: files[0], contentType: "application/x-first")),
            MultipartPart(name: "second", file: FilePart(fileURL: files[1])),
            MultipartPart(name: "note", data: Data("last field".utf8))
        ])
    }
    let endpoint = ProbeUpload(pathSegments: components.path.split(separator: "/").map(String.init), body: body)
    var configuration = ClientConfiguration(retryPolicy: RetryPolicy.none)
    configuration.logging = .disabled
    let client = APIClient(
        service: ServiceDescription(name: "Probe", baseURL: origin, timeout: 100), configuration: configuration)
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: 120)
        fail("the upload did not end within 120 s")
    }
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        var result: [String: String?] = ["status": nil, "error": nil, "body": ""]
        let progress = Locked<[TransferProgress]>([])
        let temporaryFiles = Locked<Int?>(nil)
        let before = memory("VmRSS")
        do {
            let response = try await client.upload(endpoint) { value in
                progress.withLock { $0.append(value) }
                temporaryFiles.withLock { $0 = $0 ?? temporaryDirectoryEntries() }
            }
            result["status"] = String(response.status)
            result["body"] = String(decoding: response.value, as: UTF8.self)
        } catch let error as SpecwrightError {
            result["status"] = error.status.map(String.init)
            result["error"] = error.kindDescription
        } catch {
            result["error"] = "\(error)"
        }
        let values = progress.value
        result["peakGrowth"] = String(memory("VmHWM") - before)
        result["progressCalls"] = String(values.count)
        result["progressMonotonic"] = String(
            zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        result["lastProgress"] = values.last.map { String($0.completedBytes) }
        result["total"] = values.last?.totalBytes.map(String.init)
        result["temporaryFiles"] = temporaryFiles.value.map(String.init)
        printResult(result)
        done.signal()
    }
    done.wait()
    exit(0)
}

/// The number of entries in the temporary directory (`TMPDIR`): a body copied to a temporary file
/// before it is sent shows there while it is being sent.
private func temporaryDirectoryEntries() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path))?.count ?? -1
}
