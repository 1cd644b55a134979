import Foundation
import Testing

/// The real-framework round trips of issue #12: every framework of `RoundTripFramework.selected`
/// through `FrameworkRoundTrip`. Needs the virtual environment of `Scripts/frameworks-venv.sh`
/// (`.ci/run` creates it).
@Suite(
    "Real-framework round trips",
    .enabled(if: FrameworkService.python != nil, "run Scripts/frameworks-venv.sh first")
)
struct FrameworkRoundTripTests {
    @Test(.timeLimit(.minutes(20)), arguments: RoundTripFramework.selected)
    func everyRouteRoundTripsThroughTheGeneratedClient(_ framework: RoundTripFramework) async throws {
        let outcome = try await FrameworkRoundTrip.run(framework)
        framework.expectCalls(outcome.calls)
    }
}
