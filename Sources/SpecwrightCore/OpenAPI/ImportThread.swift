import Foundation

/// The thread an OpenAPI import runs on: one with a stack of its own, large enough for the
/// deepest document the limits let through, whatever thread the caller is on.
///
/// The structure check, the reader and the importer recurse over nested schemas, each bounded
/// (``OpenAPIReader/maxSchemaDepth``), but a debug build spends about 12 KiB of stack per schema
/// level in the reader alone: 256 levels need ~3 MiB, more than a secondary thread has (512 KiB by
/// default on Apple platforms and in Foundation's `Thread`), where apps and plugins may well run
/// the generator. Compilers do the same (swiftc runs its work on a thread with a large stack).
enum ImportThread {
    /// 64 MiB: the deepest document (every stage at its bound, debug build) with room to spare.
    /// Reserved address space; only the pages a document reaches are used.
    static let stackSize = 64 << 20

    private static let name = "specwright.openapi-import"

    /// Runs `body` on a thread with ``stackSize`` bytes of stack and returns its result (inline when
    /// already on such a thread).
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        if Thread.current.name == name { return body() }
        let box = ResultBox<Value>()
        let thread = Thread {
            box.value = body()
            box.done.signal()
        }
        thread.name = name
        thread.stackSize = stackSize
        thread.start()
        box.done.wait()
        guard let value = box.value else { preconditionFailure("the import thread ended without a result") }
        return value
    }

    /// The result, written by the thread before it signals `done` and read after `done` was
    /// waited for: the semaphore orders the two accesses, hence `@unchecked Sendable`.
    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
        let done = DispatchSemaphore(value: 0)
    }
}
