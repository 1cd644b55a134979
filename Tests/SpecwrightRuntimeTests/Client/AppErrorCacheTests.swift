import Foundation
import Testing
@testable import SpecwrightRuntime

/// An error of the app's that its interceptor throws.
private enum AccountError: Error, Equatable {
    case noAccountSelected
}

/// Throws `AccountError.noAccountSelected` while `refuses` is set, before anything is sent or
/// after the response arrived.
private struct AccountCheck: Interceptor {
    let refuses: Locked<Bool>
    let onResponse: Bool

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        if refuses.value, !onResponse { throw AccountError.noAccountSelected }
        return request
    }

    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        if refuses.value, onResponse { throw AccountError.noAccountSelected }
        return .proceed
    }
}

/// An interceptor's own error is not a lost connection (#14 item 8): the HTTP cache does not
/// answer it with a stored copy as it answers an offline failure; the caller gets the error.
@Suite struct AppErrorCacheTests {
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func anAppErrorIsNeverHiddenBehindAStoredCopy(onResponse: Bool) async throws {
        let server = try FixtureServer.shared()
        let sid = FixtureServer.newScenario()
        let refuses = Locked(false)
        let service = ServiceDescription(name: "Data", baseURL: server.scenarioURL(sid), timeout: 10, retry: .none)
        let client = APIClient(
            service: service,
            configuration: ClientConfiguration(
                interceptors: [AccountCheck(refuses: refuses, onResponse: onResponse)], logging: .disabled,
                clock: RecordingClock(),
                dataLayer: DataLayerConfiguration(cache: HTTPCache())))
        let endpoint = DataSupport.cached(cc: "max-age=60", policy: .networkFirst(ttl: 0))
        _ = try await client.sendData(endpoint)
        refuses.withLock { $0 = true }
        do {
            _ = try await client.sendData(endpoint)
            Issue.record("the stored copy answered the app's error")
        } catch {
            // The caller gets the app's error exactly as the interceptor threw it.
            #expect(error as? AccountError == .noAccountSelected)
        }
        #expect(try await server.stats(sid).hits == (onResponse ? 2 : 1))
    }
}
