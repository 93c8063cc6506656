public import CourierRedis
public import Foundation
public import RedditAPI

/// Keeps stream checkpoints in Redis, for a fleet: any process can resume a stream another one
/// ran (after a crash, a deploy, a move to another machine).
///
/// Each checkpoint is one Redis string, `<namespace>:<key>`, holding the checkpoint in base64.
/// A save returns once Redis has answered `OK`: it is as durable as the server's own persistence
/// (`appendonly yes` with `appendfsync always` for a checkpoint that outlives a crash of Redis).
/// Run one stream under a key at a time: two processes iterating the same key both hand items
/// over.
///
/// ```swift
/// let connection = try RedisConnection(url: URL(string: "redis://127.0.0.1:6379")!)
/// let checkpoints = RedisCheckpointStore(connection: connection)
/// for try await delivery in reddit.newComments(in: "swift").resuming(from: checkpoints, key: "swift") {
///     try await handle(delivery.element)
///     try await delivery.acknowledge()
/// }
/// ```
public final class RedisCheckpointStore: StreamCheckpointStore {
    /// The connection to Redis.
    public let connection: RedisConnection
    /// The prefix of every key this store writes.
    public let namespace: String

    /// A store writing `<namespace>:<key>` through `connection`.
    public init(connection: RedisConnection, namespace: String = "reddit:checkpoint") {
        self.connection = connection
        self.namespace = namespace
    }

    /// The checkpoint saved under `key`, or nil.
    ///
    /// - Throws: `RedisError` when Redis cannot be reached or the value is not a checkpoint's.
    public func checkpoint(for key: String) async throws -> Data? {
        let reply = try await connection.run(["GET", namespace + ":" + key])
        guard let text = reply.text else { return nil }
        guard let data = Data(base64Encoded: text) else {
            throw RedisError.server("\(namespace):\(key) does not hold a checkpoint")
        }
        return data
    }

    /// Saves `checkpoint` under `key`.
    ///
    /// - Throws: `RedisError` when Redis cannot be reached.
    public func save(_ checkpoint: Data, for key: String) async throws {
        _ = try await connection.run(["SET", namespace + ":" + key, checkpoint.base64EncodedString()])
    }
}
