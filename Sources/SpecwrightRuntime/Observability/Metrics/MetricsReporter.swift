import Foundation

/// A running periodic report of a `MetricsAggregator` (see `startReporting(every:…)`). Reports
/// stop when `stop()` is called or the reporter is released.
public final class MetricsReporter: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) {
        self.task = task
    }

    deinit {
        task.cancel()
    }

    /// Stops the reports; no report starts after it returns.
    public func stop() {
        task.cancel()
    }
}

extension MetricsAggregator {
    /// Hands a snapshot to `report` every `interval` seconds until the returned reporter is
    /// stopped or released. With `resetting`, each report covers only the calls since the previous
    /// one (`snapshotAndReset()`); otherwise every report is cumulative. `interval` is clamped to at
    /// least 1 ms; `clock` is the sleep source (inject a `RuntimeClock` in tests).
    public func startReporting(
        every interval: TimeInterval, resetting: Bool = false, clock: any RuntimeClock = SystemClock(),
        _ report: @escaping @Sendable (Snapshot) -> Void
    ) -> MetricsReporter {
        let period = interval.isFinite ? max(0.001, interval) : 0.001
        let task = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: period)
                } catch {
                    return
                }
                guard let self, !Task.isCancelled else { return }
                report(resetting ? snapshotAndReset() : snapshot())
            }
        }
        return MetricsReporter(task: task)
    }
}
