import Foundation
import Testing
@testable import SpecwrightRuntime

/// Issue #21 item 1, the pure functions: every header value and stored time the cache decision
/// reads gives a finite age and lifetime in 0…2^31, and every response built from it has an
/// `Age` that fits an `Int`.
@Suite("Security: delta-seconds and ages are clamped, never trap")
struct SecurityDeltaSecondsTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func deltaSecondsSaturateAt2Pow31AndRejectAnythingButDigits() {
        #expect(DeltaSeconds.parse("60") == 60)
        #expect(DeltaSeconds.parse("18446744073709551615") == 2_147_483_648)
        #expect(DeltaSeconds.parse(String(repeating: "9", count: 5000)) == 2_147_483_648)
        for invalid in ["", "-1", "+5", "1.5", "1e3", "0x10", " 5", "５", "nan", "inf"] {
            #expect(DeltaSeconds.parse(invalid) == nil, "\(invalid)")
        }
        #expect(CacheControl("max-age=99999999999999999999999").maxAge == 2_147_483_648)
        #expect(CacheControl("stale-while-revalidate=18446744073709551616").staleWhileRevalidate == 2_147_483_648)
    }

    @Test func anAgeListUsesItsFirstMemberAndAnInvalidAgeIsIgnored() {
        #expect(DeltaSeconds.age(fromHeader: "5, 100") == 5)
        #expect(DeltaSeconds.age(fromHeader: "-3") == nil)
        let entry = makeCacheEntry(["Age": "-3", "Cache-Control": "max-age=60"], received: now)
        #expect(CacheFreshness.currentAge(of: entry, now: now) == 0)
    }

    @Test(arguments: [
        ["Age": "18446744073709551615"], ["Age": "99999999999999999999999999999"],
        ["Expires": "Fri, 31 Dec 9999 23:59:59 GMT", "Date": "Thu, 01 Jan 1970 00:00:00 GMT"],
        ["Cache-Control": "max-age=18446744073709551615, stale-if-error=18446744073709551615"],
        ["Date": "Mon, 01 Jan 0001 00:00:00 GMT", "Last-Modified": "Fri, 31 Dec 9999 23:59:59 GMT"]
    ])
    func hostileHeadersGiveAFiniteAgeAndLifetime(headers: [String: String]) {
        let entry = makeCacheEntry(headers, received: now)
        checkDecisionsDoNotTrap(entry)
    }

    @Test(arguments: [-1e300, 1e300, -Double.greatestFiniteMagnitude, .greatestFiniteMagnitude, .infinity, .nan])
    func storedTimesFarFromNowGiveAFiniteAge(time: Double) {
        var entry = makeCacheEntry(["Age": "18446744073709551615", "Cache-Control": "max-age=60"], received: now)
        entry.requestTime = Date(timeIntervalSinceReferenceDate: time)
        checkDecisionsDoNotTrap(entry)
        entry.responseTime = Date(timeIntervalSinceReferenceDate: -time)
        checkDecisionsDoNotTrap(entry)
    }

    @Test func anAgeTooLargeForAnIntStillFormats() {
        for age in [Double.infinity, .nan, 1e300, -5] {
            let response = HTTPCacheStage.response(from: makeCacheEntry([:], received: now), age: age)
            #expect(response.headers["Age"].flatMap(Int.init) != nil)
            #expect(!CacheInfo(source: .cache, age: age, isStale: true).description.isEmpty)
        }
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 1e300)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: .nan)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test(arguments: ["18446744073709551615", "1e400", "-1", "nan", "inf", "99999999999999999999999999", "0x1p1023"])
    func retryAfterOfAnySizeGivesADelayWithinTheCap(value: String) {
        let delay = RetryAfter.delay(from: value, now: now)
        let policy = RetryPolicy(maxRetries: 3, baseDelay: 0.5, maxDelay: 8)
        let chosen = policy.delay(forRetry: 1, retryAfter: delay)
        #expect(chosen.isFinite && chosen >= 0 && chosen <= 8)
    }

    private func checkDecisionsDoNotTrap(_ entry: CacheEntry) {
        let age = CacheFreshness.currentAge(of: entry, now: now)
        let lifetime = CacheFreshness.lifetime(status: entry.status, headers: entry.headers, fallbackTTL: 60)
        #expect(age.isFinite && age >= 0 && age <= DeltaSeconds.maximum)
        #expect(lifetime.isFinite && lifetime >= 0 && lifetime <= DeltaSeconds.maximum)
        for mode in [CacheMode.cacheFirst(ttl: 60), .networkFirst(ttl: 60), .staleWhileRevalidate(ttl: .infinity)] {
            switch CacheDecision.decide(
                mode: mode, entry: entry, requestHeaders: ["Cache-Control": "max-stale"], now: now)
            {
            case let .fresh(_, age), let .serveStaleAndRefresh(_, age), let .revalidate(_, age, _):
                _ = HTTPCacheStage.response(from: entry, age: age)
            case .miss:
                Issue.record("a stored entry is never a miss")
            }
            _ = CacheDecision.mayServeOnError(
                mode: mode, entry: entry, requestHeaders: ["Cache-Control": "stale-if-error=18446744073709551615"],
                isTransportFailure: true, now: now)
        }
    }
}
