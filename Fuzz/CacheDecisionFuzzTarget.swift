// libFuzzer entry point for the HTTP cache's decision code (issue #21 item 1): arbitrary header
// values, stored times, statuses and stored database rows must never trap, and every age,
// lifetime and served `Age` must stay within 0…2^31 s. Built by Fuzz/build-cache-decision.sh in
// one module with the runtime's Cache/ sources (so internal types are visible); not part of the package.
//
// Input layout (all parts optional; missing bytes read as zero):
//   byte 0        mode (cacheFirst / networkFirst / staleWhileRevalidate) and flags
//   byte 1        policy ttl (one of a few values) and the network outcome (response / transport / other error)
//   bytes 2–9     stored requestTime, raw Double bits (a tampered row can hold any value)
//   bytes 10–17   stored responseTime, raw Double bits
//   bytes 18–19   stored status, bytes 20–21 network status (0…65535, minus 1000)
//   rest          text sections separated by a line `--`: stored response headers, request headers,
//                 network response headers (`Name: value` per line), then a raw metadata blob for a
//                 stored row and its cost as decimal text on the first line.
import Foundation

private let maximum = DeltaSeconds.maximum
private let now = Date(timeIntervalSince1970: 1_700_000_000)

private struct Reader {
    let bytes: [UInt8]
    func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }
    func double(_ index: Int) -> Double {
        var bits: UInt64 = 0
        for offset in 0..<8 { bits = bits << 8 | UInt64(byte(index + offset)) }
        return Double(bitPattern: bits)
    }
    func status(_ index: Int) -> Int { Int(byte(index)) << 8 + Int(byte(index + 1)) - 1000 }
    var sections: [String] {
        guard bytes.count > 22 else { return [] }
        return String(decoding: bytes[22...], as: UTF8.self).components(separatedBy: "\n--\n")
    }
}

private func headers(_ section: String?) -> [String: String] {
    var result: [String: String] = [:]
    for line in (section ?? "").split(separator: "\n", omittingEmptySubsequences: true) {
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        result[String(parts[0])] = parts.count > 1 ? String(parts[1].drop { $0 == " " }) : ""
    }
    return result
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { preconditionFailure(message()) }
}

private func checkSeconds(_ value: TimeInterval, _ what: String) {
    check(value.isFinite && value >= 0 && value <= maximum, "\(what) out of 0…2^31: \(value)")
}

private func checkServed(_ response: CacheableResponse) {
    let age = HeaderLookup.value("Age", in: response.headers) ?? "0"
    check(Int(age).map { $0 >= 0 && Double($0) <= maximum } == true, "served Age '\(age)' is not an Int in 0…2^31")
}

/// The decision functions on one stored entry.
private func fuzzDecision(mode: CacheMode, entry: CacheEntry, request: [String: String]) {
    let age = CacheFreshness.currentAge(of: entry, now: now)
    checkSeconds(age, "age")
    checkSeconds(
        CacheFreshness.lifetime(status: entry.status, headers: entry.headers, fallbackTTL: mode.ttl), "lifetime")
    _ = CacheFreshness.isStorable(status: entry.status, responseHeaders: entry.headers, requestHeaders: request)
    _ = CacheVariant(varyHeader: HeaderLookup.value("Vary", in: entry.headers), requestHeaders: request)?.storageKey
    switch CacheDecision.decide(mode: mode, entry: entry, requestHeaders: request, now: now) {
    case let .fresh(served, age), let .serveStaleAndRefresh(served, age), let .revalidate(served, age, _):
        check(
            served.key == entry.key && served.headers == entry.headers && served.status == entry.status,
            "the decision served another entry")  // not ==: a NaN time is unequal to itself
        checkSeconds(age, "decision age")
        checkServed(HTTPCacheStage.response(from: entry, age: age))
        _ = CacheInfo(source: .cache, age: age, isStale: true).description
    case .miss:
        preconditionFailure("a stored entry decided as a miss")
    }
    for transport in [true, false] {
        _ = CacheDecision.mayServeOnError(
            mode: mode, entry: entry, requestHeaders: request, isTransportFailure: transport, now: now)
    }
}

/// A stored row: arbitrary metadata must either be rejected or give a well-formed entry whose
/// validators cannot inject a header.
private func fuzzStoredRow(_ metadata: Data, key: CacheKey) {
    guard let entry = CacheEntry.stored(metadata: metadata, body: Data(), filedUnder: key, decoder: JSONDecoder())
    else { return }
    check(entry.isWellFormed && (100...599).contains(entry.status), "a malformed row was accepted")
    for value in CacheDecision.conditionalHeaders(for: entry).values {
        check(!value.utf8.contains { $0 == 10 || $0 == 13 || $0 == 0 }, "a stored validator carries a line break")
    }
    fuzzDecision(mode: .cacheFirst(ttl: 60), entry: entry, request: [:])
}

/// The SQLite tier with a crafted row (metadata blob, cost, access time) next to real entries.
private let store: SQLiteCacheStore? = {
    let path =
        (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
        + "/specwright-cache-fuzz-\(getpid()).sqlite"
    return SQLiteCacheStore.open(path: path, capacity: 4096)
}()
private let connection: SQLiteConnection? = store.flatMap { _ in
    try? SQLiteConnection(
        path: (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
            + "/specwright-cache-fuzz-\(getpid()).sqlite")
}

private func fuzzDatabase(_ metadata: Data, cost: Int64, access: Double, entry: CacheEntry) {
    guard let store, let connection else { return }
    try? connection.perform { session in
        _ = try session.run(
            "INSERT OR REPLACE INTO cache_entries VALUES (?, '', '', ?, ?, x'', ?, ?)",
            [.text(entry.key.storageKey), .text(entry.key.url), .blob(metadata), .integer(cost), .double(access)])
    }
    for stored in store.entries(for: entry.key) {
        check(stored.isWellFormed && stored.key == entry.key, "the store returned a malformed row")
    }
    store.insert(entry)
    let statistics = store.statistics()
    check(statistics.count >= 0 && statistics.cost >= 0, "negative statistics")
}

/// The whole stage with a network that answers with fuzzed headers (304 merge, store, fallback).
private func fuzzStage(
    mode: CacheMode, entry: CacheEntry, request: [String: String], network: CacheableResponse?,
    failure: CacheFailureKind
) {
    let cache = HTTPCache(memoryCapacity: 1 << 20)
    cache.store(entry)
    let stage = HTTPCacheStage(cache: cache, now: { now })
    let done = DispatchSemaphore(value: 0)
    Task {
        let result = try? await stage.perform(
            CacheableRequest(method: "GET", url: entry.key.url, headers: request, account: entry.key.account),
            mode: mode, classify: { _ in failure }
        ) { _, _ in
            guard let network else { throw CancellationError() }
            return network
        }
        if let result {
            // A network answer passes its own headers through; a cached one carries our Age.
            if result.info.isFromCache { checkServed(result.response) }
            checkSeconds(result.info.age, "CacheInfo.age")
        }
        done.signal()
    }
    done.wait()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCacheDecision(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let reader = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let ttl: TimeInterval = [0, 60, 86_400, .infinity][Int(reader.byte(1) & 3)]
    let mode: CacheMode = [.cacheFirst(ttl: ttl), .networkFirst(ttl: ttl), .staleWhileRevalidate(ttl: ttl)][
        Int(reader.byte(0) % 3)]
    let sections = reader.sections
    let stored = headers(sections.first)
    let request = headers(sections.count > 1 ? sections[1] : nil)
    let key = CacheKey(account: "", url: "http://127.0.0.1/fuzz")
    let entry = CacheEntry(
        key: key, variant: CacheVariant(names: [], requestHeaders: [:]), status: reader.status(18), headers: stored,
        body: Data("body".utf8),
        requestTime: Date(timeIntervalSinceReferenceDate: reader.double(2)),
        responseTime: Date(timeIntervalSinceReferenceDate: reader.double(10)))
    fuzzDecision(mode: mode, entry: entry, request: request)
    _ = entry.refreshed(with: headers(sections.count > 2 ? sections[2] : nil), requestTime: now, responseTime: now)

    let rowText = sections.count > 3 ? sections[3] : ""
    let costLine = rowText.prefix { $0 != "\n" }
    let metadata = Data(rowText.dropFirst(costLine.count).utf8)
    fuzzStoredRow(metadata, key: key)
    if reader.byte(0) & 0x80 != 0 {
        fuzzDatabase(
            metadata, cost: Int64(costLine) ?? Int64(bitPattern: UInt64(reader.double(2).bitPattern)),
            access: reader.double(10),
            entry: CacheEntry(
                key: key, variant: entry.variant, status: 200, headers: [:], body: Data(count: Int(reader.byte(1))),
                requestTime: now, responseTime: now))
    }
    if reader.byte(0) & 0x40 != 0 {
        let outcome = reader.byte(1) >> 2 & 3
        let network =
            outcome == 0
            ? CacheableResponse(
                status: reader.status(20), headers: headers(sections.count > 2 ? sections[2] : nil), body: Data())
            : nil
        fuzzStage(
            mode: mode, entry: entry, request: request, network: network,
            failure: outcome == 1 ? .transport : outcome == 2 ? .serverError : .other)
    }
    return 0
}
