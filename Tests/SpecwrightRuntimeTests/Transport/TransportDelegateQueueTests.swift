#if canImport(FoundationNetworking)
    import Foundation
    import Testing

    @testable import SpecwrightRuntime

    /// The Linux delegate queue's bound (`BoundedDelegateQueue`) must not hold the session's work
    /// queue back while a delegate callback waits for that work queue: a completion waiting for a
    /// racing cancel (`TaskCanceller.complete(_:)`) lifts it. Before, the two queues waited for each
    /// other until the bound's longest wait ran out, once for every event.
    @Suite("Transport: the delegate queue's bound")
    struct TransportDelegateQueueTests {
        @Test(.timeLimit(.minutes(1)))
        func eventsAreQueuedWithoutWaitingWhileTheDelegateWaitsForTheWorkQueue() {
            // A longest wait of an hour: an event that waits for a place never comes back in time.
            let queue = BoundedDelegateQueue(longestWait: 3600)
            let workQueueGotThrough = DispatchSemaphore(value: 0)
            let delegateWaits = DispatchSemaphore(value: 0)
            queue.addOperation {
                queue.withoutBound {
                    delegateWaits.signal()
                    workQueueGotThrough.wait()
                }
            }
            delegateWaits.wait()
            let added = DispatchSemaphore(value: 0)
            let events = BoundedDelegateQueue.capacity * 2
            let ran = Locked(0)
            Thread.detachNewThread {
                for _ in 0..<events { queue.addOperation { ran.withLock { $0 += 1 } } }
                added.signal()
            }
            let gotThrough = added.wait(timeout: .now() + 30) == .success
            #expect(gotThrough, "the work queue waited for a place while the delegate waited for it")
            workQueueGotThrough.signal()
            if !gotThrough { added.wait() }
            let drained = DispatchSemaphore(value: 0)
            queue.addOperation { drained.signal() }
            drained.wait()
            #expect(ran.value == events)
        }

        @Test(.timeLimit(.minutes(1)))
        func theBoundHoldsAgainWhenTheWaitEnds() {
            let queue = BoundedDelegateQueue(longestWait: 3600)
            queue.withoutBound {}
            let release = DispatchSemaphore(value: 0)
            queue.addOperation { release.wait() }
            // The blocked event holds a place; capacity - 1 more fill the queue.
            for _ in 1..<BoundedDelegateQueue.capacity { queue.addOperation {} }
            let oneMore = DispatchSemaphore(value: 0)
            let addedEarly = Locked(false)
            Thread.detachNewThread {
                queue.addOperation {}
                addedEarly.withLock { $0 = true }
                oneMore.signal()
            }
            // Not a timing assertion: the event must still be waiting when the blocker is released.
            Thread.sleep(forTimeInterval: 0.2)
            #expect(!addedEarly.value, "an event past capacity was queued without waiting")
            release.signal()
            oneMore.wait()
        }
    }
#endif
