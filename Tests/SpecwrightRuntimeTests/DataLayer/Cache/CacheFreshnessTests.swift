import Foundation
import Testing
@testable import SpecwrightRuntime

/// A stored entry received at `received`, with the given response headers.
func makeCacheEntry(
    _ headers: [String: String], status: Int = 200, body: String = "stored", received: Date,
    account: String = "", url: String = "http://127.0.0.1/r", requestHeaders: [String: String] = [:]
) -> CacheEntry {
    CacheEntry(
        key: CacheKey(account: account, url: url),
        variant: CacheVariant(varyHeader: HeaderLookup.value("Vary", in: headers), requestHeaders: requestHeaders)
            ?? CacheVariant(names: [], requestHeaders: [:]),
        status: status, headers: headers, body: Data(body.utf8), requestTime: received, responseTime: received)
}

@Suite("HTTP cache freshness (RFC 9111 / RFC 5861)")
struct CacheFreshnessTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func cacheControlDirectivesAreParsedCaseInsensitively() {
        let control = CacheControl(
            "Max-Age=60, no-cache, MUST-REVALIDATE, stale-while-revalidate=30, stale-if-error=\"600\", x-unknown")
        #expect(control.maxAge == 60)
        #expect(control.noCache && control.mustRevalidate)
        #expect(control.staleWhileRevalidate == 30)
        #expect(control.staleIfError == 600)
        #expect(CacheControl("max-age=abc").maxAge == 0)
    }

    /// RFC 9111 §5.2: a quoted-string argument may hold commas; they do not start a directive.
    @Test func aCommaInsideAQuotedArgumentDoesNotStartADirective() {
        let control = CacheControl(#"no-cache="set-cookie,no-store,max-age=0", max-age=60"#)
        #expect(control.noCache)
        #expect(!control.noStore)
        #expect(control.maxAge == 60)
        let escaped = CacheControl(#"x-note="a \"quoted, no-cache\" b", stale-if-error=5"#)
        #expect(!escaped.noCache)
        #expect(escaped.staleIfError == 5)
    }

    @Test func spacesTabsAndEmptyMembersAroundDirectivesAreIgnored() {
        let control = CacheControl(" ,\tmax-age = 30 ,, \tno-cache\t, max-stale ,min-fresh=\"7\"  ")
        #expect(control.maxAge == 30)
        #expect(control.noCache)
        #expect(control.maxStale == .infinity)
        #expect(control.minFresh == 7)
        #expect(CacheControl("").maxAge == nil)
        #expect(CacheControl("=5, max-age").maxAge == 0)
        #expect(CacheControl(#"max-age="12"#).maxAge == 12)
    }

    @Test func maxAgeTakesPrecedenceOverExpires() {
        let headers = [
            "Cache-Control": "max-age=60", "Expires": HTTPDate.format(t0.addingTimeInterval(600)),
            "Date": HTTPDate.format(t0)
        ]
        #expect(CacheFreshness.lifetime(status: 200, headers: headers, fallbackTTL: nil) == 60)
    }

    @Test func expiresMinusDateGivesTheLifetimeAndAnInvalidExpiresIsStale() {
        let headers = ["Expires": HTTPDate.format(t0.addingTimeInterval(120)), "Date": HTTPDate.format(t0)]
        #expect(CacheFreshness.lifetime(status: 200, headers: headers, fallbackTTL: 999) == 120)
        #expect(CacheFreshness.lifetime(status: 200, headers: ["Expires": "0"], fallbackTTL: 999) == 0)
    }

    /// A response without `Date` is dated when it arrived: its `Expires` lifetime does not shrink
    /// as the stored copy ages (the copy stays fresh for its whole 120 s, not 60).
    @Test func expiresWithoutADateCountsFromWhenTheResponseArrived() {
        let entry = makeCacheEntry(["Expires": HTTPDate.format(t0.addingTimeInterval(120))], received: t0)
        #expect(CacheDecision.lifetime(of: entry, mode: .cacheFirst(ttl: 0), authority: .server) == 120)
        let decision = CacheDecision.decide(
            mode: .cacheFirst(ttl: 0), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(90))
        #expect(decision == .fresh(entry, age: 90))
    }

    @Test func thePolicyTTLAppliesOnlyWhenTheResponseStatesNoLifetime() {
        #expect(CacheFreshness.lifetime(status: 200, headers: [:], fallbackTTL: 300) == 300)
        #expect(CacheFreshness.lifetime(status: 500, headers: [:], fallbackTTL: 300) == 0)
    }

    @Test func lastModifiedHeuristicIsTenPercentOfTheDocumentAge() {
        let headers = ["Date": HTTPDate.format(t0), "Last-Modified": HTTPDate.format(t0.addingTimeInterval(-1000))]
        #expect(CacheFreshness.lifetime(status: 200, headers: headers, fallbackTTL: nil) == 100)
    }

    @Test func currentAgeAddsAgeHeaderResponseDelayAndResidentTime() {
        var entry = makeCacheEntry(["Age": "10", "Date": HTTPDate.format(t0)], received: t0)
        entry.requestTime = t0.addingTimeInterval(-2)
        #expect(CacheFreshness.currentAge(of: entry, now: t0.addingTimeInterval(30)) == 42)
    }

    @Test func httpDatesInAllThreeFormsAreParsed() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("yesterday") == nil)
    }

    @Test func noStoreVaryStarAndPartialResponsesAreNotStorable() {
        #expect(
            !CacheFreshness.isStorable(status: 200, responseHeaders: ["Cache-Control": "no-store"], requestHeaders: [:])
        )
        #expect(
            !CacheFreshness.isStorable(status: 200, responseHeaders: [:], requestHeaders: ["cache-control": "no-store"])
        )
        #expect(!CacheFreshness.isStorable(status: 200, responseHeaders: ["Vary": "*"], requestHeaders: [:]))
        #expect(
            !CacheFreshness.isStorable(
                status: 206, responseHeaders: ["Cache-Control": "max-age=9"], requestHeaders: [:]))
        #expect(!CacheFreshness.isStorable(status: 500, responseHeaders: [:], requestHeaders: [:]))
        #expect(
            CacheFreshness.isStorable(status: 500, responseHeaders: ["Cache-Control": "max-age=5"], requestHeaders: [:])
        )
        #expect(CacheFreshness.isStorable(status: 404, responseHeaders: [:], requestHeaders: [:]))
    }

    @Test func varyMatchesOnNormalizedRequestHeaderValues() {
        let variant = CacheVariant(
            varyHeader: "Accept-Language, accept", requestHeaders: ["accept-language": "de  ch", "Accept": "a/b"])
        #expect(variant?.names == ["accept", "accept-language"])
        #expect(variant?.matches(["Accept-Language": "de ch", "accept": "a/b"]) == true)
        #expect(variant?.matches(["Accept-Language": "en", "accept": "a/b"]) == false)
    }

    @Test func aFreshEntryIsServedAndAStaleOneIsRevalidatedWithItsValidators() {
        let entry = makeCacheEntry(
            ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"],
            received: t0)
        #expect(
            CacheDecision.decide(
                mode: .cacheFirst(ttl: 0), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(59))
                == .fresh(entry, age: 59))
        let later = CacheDecision.decide(
            mode: .cacheFirst(ttl: 0), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(61))
        #expect(
            later
                == .revalidate(
                    entry, age: 61,
                    conditionalHeaders: [
                        "If-None-Match": "\"v1\"", "If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"
                    ]))
    }

    @Test func noCacheOnEitherSideAlwaysRevalidates() {
        let fresh = makeCacheEntry(["Cache-Control": "max-age=60"], received: t0)
        #expect(
            CacheDecision.decide(
                mode: .cacheFirst(ttl: 0), entry: fresh, requestHeaders: ["Cache-Control": "no-cache"], now: t0)
                == .revalidate(fresh, age: 0, conditionalHeaders: [:]))
        let noCache = makeCacheEntry(["Cache-Control": "no-cache, max-age=60"], received: t0)
        #expect(
            CacheDecision.decide(mode: .staleWhileRevalidate(ttl: 60), entry: noCache, requestHeaders: [:], now: t0)
                == .revalidate(noCache, age: 0, conditionalHeaders: [:]))
    }

    @Test func staleWhileRevalidateWindowServesStaleAndRefreshesUnderCacheFirst() {
        let entry = makeCacheEntry(["Cache-Control": "max-age=10, stale-while-revalidate=30"], received: t0)
        #expect(
            CacheDecision.decide(
                mode: .cacheFirst(ttl: 0), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(35))
                == .serveStaleAndRefresh(entry, age: 35))
        #expect(
            CacheDecision.decide(
                mode: .cacheFirst(ttl: 0), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(45))
                == .revalidate(entry, age: 45, conditionalHeaders: [:]))
    }

    @Test func mustRevalidateForbidsServingStaleEvenUnderStaleWhileRevalidatePolicy() {
        let entry = makeCacheEntry(["Cache-Control": "max-age=10, must-revalidate", "ETag": "x"], received: t0)
        let decision = CacheDecision.decide(
            mode: .staleWhileRevalidate(ttl: 60), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(11))
        #expect(decision == .revalidate(entry, age: 11, conditionalHeaders: ["If-None-Match": "x"]))
        #expect(
            !CacheDecision.mayServeOnError(
                mode: .networkFirst(ttl: 0), entry: entry, requestHeaders: [:], isTransportFailure: true,
                now: t0.addingTimeInterval(11)))
    }

    @Test func networkFirstAlwaysAsksTheNetworkButMayFallBackOnTransportFailure() {
        let entry = makeCacheEntry(["Cache-Control": "max-age=60"], received: t0)
        #expect(
            CacheDecision.decide(mode: .networkFirst(ttl: 60), entry: entry, requestHeaders: [:], now: t0)
                == .revalidate(entry, age: 0, conditionalHeaders: [:]))
        #expect(
            CacheDecision.mayServeOnError(
                mode: .networkFirst(ttl: 0), entry: entry, requestHeaders: [:], isTransportFailure: true,
                now: t0.addingTimeInterval(30)))
        #expect(
            !CacheDecision.mayServeOnError(
                mode: .networkFirst(ttl: 0), entry: entry, requestHeaders: [:], isTransportFailure: false,
                now: t0.addingTimeInterval(30)))
    }

    @Test func networkFirstFallsBackOfflineOnlyWhileTheCopyIsFreshOrYoungerThanItsTTL() {
        let entry = makeCacheEntry(["Cache-Control": "max-age=60"], received: t0)
        func offline(_ ttl: TimeInterval, at age: TimeInterval) -> Bool {
            CacheDecision.mayServeOnError(
                mode: .networkFirst(ttl: ttl), entry: entry, requestHeaders: [:], isTransportFailure: true,
                now: t0.addingTimeInterval(age))
        }
        #expect(offline(0, at: 59) && !offline(0, at: 61))
        #expect(offline(3600, at: 3599) && !offline(3600, at: 3601))
        #expect(!offline(3600, at: 1e6))
    }

    @Test func anAppLifetimeOverridesTheServersCachingHeaders() {
        for cc in ["no-cache", "max-age=0, must-revalidate", "no-store", "max-age=0"] {
            let entry = makeCacheEntry(["Cache-Control": cc, "ETag": "x"], received: t0)
            #expect(
                CacheDecision.decide(
                    mode: .cacheFirst(ttl: 60), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(59),
                    lifetime: .app)
                    == .fresh(entry, age: 59))
            #expect(
                CacheDecision.decide(
                    mode: .cacheFirst(ttl: 60), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(61),
                    lifetime: .app)
                    == .revalidate(entry, age: 61, conditionalHeaders: ["If-None-Match": "x"]))
            #expect(
                CacheDecision.mayServeOnError(
                    mode: .networkFirst(ttl: 60), entry: entry, requestHeaders: [:], isTransportFailure: true,
                    now: t0.addingTimeInterval(59), lifetime: .app))
            #expect(
                !CacheDecision.mayServeOnError(
                    mode: .networkFirst(ttl: 60), entry: entry, requestHeaders: [:], isTransportFailure: true,
                    now: t0.addingTimeInterval(61), lifetime: .app))
            if cc != "no-store" {
                #expect(
                    CacheDecision.decide(
                        mode: .cacheFirst(ttl: 60), entry: entry, requestHeaders: [:], now: t0.addingTimeInterval(1))
                        != .fresh(entry, age: 1))
            }
        }
        let long = makeCacheEntry(["Cache-Control": "max-age=3600"], received: t0)
        #expect(
            CacheDecision.decide(
                mode: .cacheFirst(ttl: 60), entry: long, requestHeaders: [:], now: t0.addingTimeInterval(61),
                lifetime: .app)
                == .revalidate(long, age: 61, conditionalHeaders: [:]))
        #expect(
            CacheFreshness.isStorable(
                status: 200, responseHeaders: ["Cache-Control": "no-store"], requestHeaders: [:], lifetime: .app))
        #expect(
            !CacheFreshness.isStorable(
                status: 200, responseHeaders: [:], requestHeaders: ["Cache-Control": "no-store"], lifetime: .app))
        #expect(
            !CacheFreshness.isStorable(status: 200, responseHeaders: ["Vary": "*"], requestHeaders: [:], lifetime: .app)
        )
    }

    @Test func staleIfErrorAllowsAStaleCopyWithinItsWindowOnly() {
        let entry = makeCacheEntry(["Cache-Control": "max-age=10, stale-if-error=60"], received: t0)
        #expect(
            CacheDecision.mayServeOnError(
                mode: .cacheFirst(ttl: 0), entry: entry, requestHeaders: [:], isTransportFailure: false,
                now: t0.addingTimeInterval(60)))
        #expect(
            !CacheDecision.mayServeOnError(
                mode: .cacheFirst(ttl: 0), entry: entry, requestHeaders: [:], isTransportFailure: true,
                now: t0.addingTimeInterval(80)))
    }

    @Test func aNotModifiedResponseUpdatesStoredHeadersButNotFraming() {
        let entry = makeCacheEntry(["ETag": "a", "Content-Length": "6", "X-Version": "1"], received: t0)
        let refreshed = entry.refreshed(
            with: ["x-version": "2", "Content-Length": "0"], requestTime: t0, responseTime: t0.addingTimeInterval(5))
        #expect(HeaderLookup.value("X-Version", in: refreshed.headers) == "2")
        #expect(HeaderLookup.value("Content-Length", in: refreshed.headers) == "6")
        #expect(refreshed.body == entry.body)
        #expect(refreshed.responseTime == t0.addingTimeInterval(5))
    }
}

@Suite("HTTP dates")
struct HTTPDateTests {
    @Test func formattingAndParsingRoundTripAcrossCenturiesAndLeapDays() {
        for seconds in [0.0, 784_111_777, 951_782_400, 1_700_000_000, 4_107_542_399, -86_400] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(HTTPDate.parse(HTTPDate.format(date)) == date, "\(HTTPDate.format(date))")
        }
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test func malformedFixdatesAreRejected() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49") == nil)
        #expect(HTTPDate.parse("Sun, 06 Foo 1994 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
    }
}
