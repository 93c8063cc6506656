/// Where a ``ResponseCache`` keeps its responses.
///
/// The cache decides everything HTTP's rules decide (what to store, what is fresh, what a `304`
/// refreshes); a storage only keeps ``CachedResponse`` values, finds the variants of a resource,
/// counts bytes and evicts the least recently used. `ResponseCache(fileURL:)` keeps them in an
/// SQLite file of one machine; CourierRedis's `RedisCacheStorage` keeps them in a Redis that the
/// processes of a fleet share. Pass another one to ``ResponseCache/init(storage:configuration:)``.
///
/// A storage that fails throws ``ResponseCacheError``; the cache then goes on without it (the
/// request goes to the network) and reports the error to ``ResponseCache/Configuration/onError``.
/// Calls may come from many tasks at once.
public protocol ResponseCacheStorage: Sendable {
    /// Every stored variant of `resource` (a ``CachedResponse/resourceKey``), newest response
    /// first.
    func variants(of resource: String) async throws(ResponseCacheError) -> [CachedResponse]

    /// Stores `response`, replacing the one with the same ``CachedResponse/key``, then removes
    /// the least recently used responses until the total ``CachedResponse/size`` fits `budget`
    /// bytes. A response larger than `budget` is not stored (and the one it would replace is
    /// removed).
    func store(_ response: CachedResponse, budget: Int) async throws(ResponseCacheError)

    /// Marks the response with `key` as just used, for the eviction order; nothing when there is
    /// none.
    func markUsed(_ key: String) async throws(ResponseCacheError)

    /// Removes every variant of `resource`.
    func remove(resource: String) async throws(ResponseCacheError)

    /// Removes every stored response.
    func removeAll() async throws(ResponseCacheError)

    /// How many responses are stored and their total ``CachedResponse/size``.
    func usage() async throws(ResponseCacheError) -> ResponseCache.Usage
}
