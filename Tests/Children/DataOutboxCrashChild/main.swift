// The child process of the outbox crash test (DataOutboxCrashTests).
//
//   outbox-crash-child <outbox.sqlite> <scenario base URL> <count> enqueue-and-flush|flush
//
// `enqueue-and-flush` enqueues <count> POSTs to <base>/outbox (Idempotency-Key "write-<i>") and then
// flushes; the server holds the 21st write, and the test SIGKILLs the child while it waits.
// `flush` flushes what is left and prints the result.
// The process exits by itself when its stdin closes (the test ended) and after 120 s at most.
import Foundation
import SpecwrightRuntime

struct OutboxWrite: Endpoint {
    var index: Int
    var operationName: String { "crash.write" }
    var method: HTTPMethod { .post }
    var pathSegments: [String] { ["outbox"] }
    var query: QueryParameters {
        var query = QueryParameters()
        // The server holds every write after the 20th until the test releases it (after the kill).
        query.append("hold_after", "20")
        return query
    }
    var headers: [HTTPHeader] { [HTTPHeader("Idempotency-Key", "write-\(index)")] }
    var body: RequestBody? { .json(["n": index]) }
    var options: EndpointOptions { EndpointOptions(isIdempotent: true) }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let base = URL(string: arguments[2]), let count = Int(arguments[3]) else {
    fail("usage: outbox-crash-child <outbox.sqlite> <base URL> <count> enqueue-and-flush|flush")
}
Thread.detachNewThread {
    while !FileHandle.standardInput.availableData.isEmpty {}
    exit(3)
}
Thread.detachNewThread {
    Thread.sleep(forTimeInterval: 120)
    exit(4)
}

// The timeout is longer than the test waits: the server holds one write until the test has killed
// this process, and a loaded machine may take many seconds to get there; a shorter timeout let the
// held write time out and be retried (more duplicates than the one a crash may cause).
do {
    let outbox = try Outbox(fileURL: URL(fileURLWithPath: arguments[1]))
    let client = APIClient(
        service: ServiceDescription(
            name: "Crash", baseURL: base, timeout: 100,
            retry: RetryPolicy(maxRetries: 3, baseDelay: 0.05, maxDelay: 0.2)),
        configuration: ClientConfiguration(logging: .disabled))
    if arguments[4] == "enqueue-and-flush" {
        for index in 0..<count {
            try client.enqueue(OutboxWrite(index: index), in: outbox)
        }
        say("enqueued \(count)")
    }
    let result = try await client.flush(outbox)
    say("delivered \(result.delivered) dead-lettered \(result.deadLettered) remaining \(result.remaining)")
    exit(result.remaining == 0 && result.deadLettered == 0 ? 0 : 1)
} catch {
    fail("outbox-crash-child: \(error)")
}
