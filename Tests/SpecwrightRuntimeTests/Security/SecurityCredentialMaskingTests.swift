import Foundation
import Testing
@testable import SpecwrightRuntime

/// The cache's view of request headers: credential fields are masked in any spelling of their
/// names, and header lookups stay case-insensitive (both run on every cache hit and were made
/// cheaper without changing what they match).
@Suite("Security: credential headers are masked in any name spelling")
struct SecurityCredentialMaskingTests {
    let fingerprint = CredentialFingerprint(salt: Array(repeating: 7, count: 32))

    @Test("Authorization, Cookie, Proxy-Authorization and API-key headers are masked however they are spelled")
    func masksEverySpelling() {
        let headers = [
            "AUTHORIZATION": "Bearer secret-1", "cOOKIE": "session=secret-2", "proxy-Authorization": "Basic secret-3",
            "X-Api-KEY": "secret-4", "Accept": "application/json", "X-Request-ID": "id-1"
        ]
        let masked = fingerprint.masking(headers, names: ["x-api-key"])
        #expect(masked.count == headers.count)
        for name in ["AUTHORIZATION", "cOOKIE", "proxy-Authorization", "X-Api-KEY"] {
            #expect(masked[name] == "hmac:" + fingerprint(headers[name] ?? ""), "\(name) not masked")
        }
        #expect(masked["Accept"] == "application/json")
        #expect(masked["X-Request-ID"] == "id-1")
        #expect(!masked.values.contains { $0.contains("secret") })
    }

    @Test("A header named like an API key is left alone when the call sends no such key")
    func apiKeyNamesComeFromTheCall() {
        let masked = fingerprint.masking(["X-Api-Key": "not-a-credential"], names: [])
        #expect(masked["X-Api-Key"] == "not-a-credential")
    }

    @Test("Header lookups and replacements ignore the case of names")
    func lookupIgnoresCase() {
        let headers = ["cache-control": "no-cache", "Vary": "Authorization", "X-Rev": "1"]
        #expect(HeaderLookup.value("Cache-Control", in: headers) == "no-cache")
        #expect(HeaderLookup.value("VARY", in: headers) == "Authorization")
        #expect(HeaderLookup.value("x-rev", in: headers) == "1")
        #expect(HeaderLookup.value("Pragma", in: headers) == nil)
        #expect(HeaderLookup.value("X-Re", in: headers) == nil)
        #expect(HeaderLookup.value("X-Revs", in: headers) == nil)
        let replaced = HeaderLookup.setting("Age", to: "5", in: ["AGE": "1", "age": "2", "Date": "d"])
        #expect(replaced == ["Age": "5", "Date": "d"])
        #expect(CacheControl(headers: ["CACHE-CONTROL": "no-store"]).noStore)
    }
}
