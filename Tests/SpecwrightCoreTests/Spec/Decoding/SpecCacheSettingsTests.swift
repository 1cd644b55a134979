import Testing
import SpecwrightYAML
@testable import SpecwrightCore

/// Issue #15 point 2 (spec side): `cache: { …, lifetime: app }` lets the app's ttl win per
/// endpoint; `cache: http` caches exactly as the server's headers say.
@Suite struct SpecCacheSettingsTests {
    private let spec =
        minimalHeader + """
            defaults: { cache: http }
            endpoints:
              books:
                list:
                  get: /books
                  response: "[String]"
                  cache: { policy: networkFirst, ttl: 60, lifetime: app }
                get: { get: "/books/{id}", response: String, cache: { policy: cacheFirst, ttl: 5, lifetime: server } }
            """

    @Test func lifetimeIsDecodedLoweredAndRendered() throws {
        let result = loadSpec(spec)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let endpoints = try #require(result.document?.groups.first?.endpoints)
        #expect(endpoints.map(\.cacheLifetime) == [.app, .server])
        let generated = try GenerationSupport.generate(spec)
        let text = generated.files.values.joined()
        #expect(text.contains("EndpointOptions(cache: .networkFirst(ttl: 60), cacheLifetime: .app)"))
        #expect(
            text.contains("EndpointOptions(cache: .cacheFirst(ttl: 5))"), "lifetime: server is the runtime's default")
        #expect(text.contains("cache: .http"), "the service default")
    }

    @Test func lifetimeMistakesAreLocatedErrors() {
        #expect(
            diagnosticLines(spec.replacingOccurrences(of: "lifetime: app", with: "lifetime: client")).contains {
                $0.hasPrefix("test.yaml:10:57: error: invalid value 'client' for 'lifetime' (expected server or app)")
            })
        let inDefaults = minimalHeader + "defaults: { cache: { policy: cacheFirst, ttl: 5, lifetime: app } }\n"
        #expect(
            diagnosticLines(inDefaults).contains {
                $0.hasPrefix("test.yaml:4:50: error: unknown key 'lifetime' in 'cache'")
            })
    }
}
