import Foundation

/// How a batch endpoint's elements may be reused: the element's id, and the endpoint's cache
/// policy and lifetime authority (generated from the spec's `batch: { key: }` and `cache:`).
public struct BatchReuse<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    /// The id of an element (the value the endpoint was asked for).
    public var id: @Sendable (Element) -> ID
    /// The endpoint's cache policy; only `cacheFirst` and `staleWhileRevalidate` skip ids.
    public var policy: CachePolicy
    /// Who decides how long fetched elements stay fresh: the response's headers (`.server`, the
    /// policy's ttl only when they state no lifetime) or the policy's ttl alone (`.app`, which
    /// also reuses elements of `no-cache` / `no-store` responses) — as for the HTTP cache.
    public var lifetime: CacheLifetime

    /// Creates reuse settings.
    public init(id: @escaping @Sendable (Element) -> ID, policy: CachePolicy, lifetime: CacheLifetime = .server) {
        self.id = id
        self.policy = policy
        self.lifetime = lifetime
    }
}

extension APIClient {
    /// Loads `ids` through a batch endpoint (generated `batch:` methods call this): de-duplicated,
    /// in chunks of `options.size`, at most `options.concurrency` at once, each chunk within
    /// `options.chunkTimeout`, the whole load within `options.timeout`. All or nothing: the first
    /// failing chunk cancels the others. Throws a `SpecwrightError` (a time limit is `.timeout`,
    /// cancellation `.cancelled`) or the app's own error as it was thrown, as every call method does.
    ///
    /// Without `reuse` the elements are returned in chunk order. With `reuse` (a cacheable
    /// endpoint, a client with an HTTP cache), ids whose element is stored and fresh are not
    /// requested, fetched elements are stored for their response's freshness lifetime, and one
    /// element per id is returned in the order of `ids` (ids the server did not return are left out).
    public func loadBatch<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], options: BatchOptions, operationName: String, reuse: BatchReuse<ID, Element>? = nil,
        fetch: @escaping @Sendable ([ID]) async throws -> APIResponse<[Element]>
    ) async throws -> [Element] {
        let plan = await batchPlan(ids, operationName: operationName, reuse: reuse)
        do {
            let results = try await BatchScheduler.run(
                chunks: BatchPlan.chunks(plan.missing, size: options.size), options: options, failFast: true,
                fetch: await storingFetch(plan, operationName: operationName, fetch: fetch))
            var fetched: [Element] = []
            for result in results { fetched += try result.get() }
            return plan.merge(fetched)
        } catch {
            throw SpecwrightError.batch(error, operationName: operationName).surfaced
        }
    }

    /// Like `loadBatch`, in partial-results mode (the spec's `batch: { partial: true }`): every
    /// chunk runs; the elements of the chunks that succeeded are returned, and each id of a failed
    /// chunk is reported with that chunk's error (a `SpecwrightError`, or the app's own error as it
    /// was thrown). Never throws; when the calling task is
    /// cancelled or `options.timeout` passes, the unfinished chunks' ids fail.
    public func loadBatchPartially<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], options: BatchOptions, operationName: String, reuse: BatchReuse<ID, Element>? = nil,
        fetch: @escaping @Sendable ([ID]) async throws -> APIResponse<[Element]>
    ) async -> BatchResult<ID, Element> {
        let plan = await batchPlan(ids, operationName: operationName, reuse: reuse)
        let chunks = BatchPlan.chunks(plan.missing, size: options.size)
        let results: [Result<[Element], any Error>]
        do {
            results = try await BatchScheduler.run(
                chunks: chunks, options: options, failFast: false,
                fetch: await storingFetch(plan, operationName: operationName, fetch: fetch))
        } catch {
            results = chunks.map { _ in .failure(error) }
        }
        var fetched: [Element] = []
        var failedIDs: [ID] = []
        var failures: [ID: any Error] = [:]
        for (chunk, result) in zip(chunks, results) {
            switch result {
            case let .success(elements):
                fetched += elements
            case let .failure(error):
                let mapped = SpecwrightError.batch(error, operationName: operationName).surfaced
                failedIDs += chunk
                for id in chunk { failures[id] = mapped }
            }
        }
        return BatchResult(elements: plan.merge(fetched), failedIDs: failedIDs, failures: failures)
    }

    /// Which ids to fetch, what the store already has, and where fetched elements go.
    private func batchPlan<ID: Hashable & Sendable, Element: Sendable>(
        _ ids: [ID], operationName: String, reuse: BatchReuse<ID, Element>?
    ) async -> BatchReusePlan<ID, Element> {
        let unique = BatchPlan.uniqueIDs(ids)
        guard let reuse, let cache = configuration.dataLayer.cache, let partition = await batchPartition(),
            Self.skipsFreshIDs(reuse.policy)
        else {
            return BatchReusePlan(ids: unique, known: [:], missing: unique, reuse: nil, store: nil, partition: "")
        }
        // Taken before the lookup: elements removed from now on are not stored back by this load.
        let mark = cache.removals.mark()
        let known = cache.batchElements.fresh(
            unique, operation: operationName, partition: partition, now: configuration.clock.now(), as: Element.self)
        return BatchReusePlan(
            ids: unique, known: known, missing: unique.filter { known[$0] == nil }, reuse: reuse, store: cache,
            partition: partition, mark: mark)
    }

    /// The fetch the scheduler runs: the caller's, storing what it returns when reuse is on. A batch
    /// belongs to the user signed in when it starts: a chunk that comes back when another is
    /// signed in (a sign-out and sign-in during the load) is neither stored nor returned — it fails
    /// as `.cancelled`, so one batch never mixes two users' elements.
    private func storingFetch<ID: Hashable & Sendable, Element: Sendable>(
        _ plan: BatchReusePlan<ID, Element>, operationName: String,
        fetch: @escaping @Sendable ([ID]) async throws -> APIResponse<[Element]>
    ) async -> @Sendable ([ID]) async throws -> [Element] {
        let clock = configuration.clock
        let fingerprint = configuration.dataLayer.cache?.fingerprint ?? .random()
        let owner = await signedInPartition(fingerprint: fingerprint)
        let isOwners: @Sendable () async -> Bool = { await self.signedInPartition(fingerprint: fingerprint) == owner }
        return { chunk in
            guard await isOwners() else { throw SpecwrightError(.cancelled, operationName: operationName) }
            let response = try await fetch(chunk)
            guard await isOwners() else { throw SpecwrightError(.cancelled, operationName: operationName) }
            if let reuse = plan.reuse, let cache = plan.store, let mark = plan.mark, let ttl = reuse.policy.ttl,
                let lifetime = BatchReusePlan<ID, Element>.freshFor(response, ttl: ttl, lifetime: reuse.lifetime)
            {
                let partition = plan.partition
                let expires = clock.now() + lifetime
                _ = cache.removals.store(
                    ifNotRemovedSince: mark,
                    coveredBy: { $0.coversElements(partition: partition, operation: operationName) }
                ) {
                    cache.batchElements.store(
                        response.value.map { (reuse.id($0), $0) }, operation: operationName, partition: partition,
                        expires: expires)
                }
            }
            return response.value
        }
    }

    /// The account partition batch elements are filed under: the account identity, as the HTTP
    /// cache names it (`DataLayerConfiguration.accountIdentity`, else `TokenProvider.account`);
    /// else anonymous when the client has no credentials at all; else nil (no reuse: elements
    /// fetched with credentials but without a known account are never shared).
    private func batchPartition() async -> String? {
        let identity = configuration.dataLayer.partitionIdentity(signedInAccount: configuration.tokenProvider?.account)
        if let identity = await identity() { return identity }
        let hasCredentials =
            configuration.tokenProvider != nil || configuration.basicCredentialsProvider != nil
            || configuration.apiKeys != nil || configuration.apiKeyProvider != nil
        return hasCredentials ? nil : ""
    }

    /// Policies that answer from a fresh stored copy without the network.
    private static func skipsFreshIDs(_ policy: CachePolicy) -> Bool {
        switch policy {
        case .cacheFirst, .staleWhileRevalidate: return true
        case .networkOnly, .networkFirst, .reload, .cacheOnly, .cacheElseNetwork: return false
        }
    }
}
