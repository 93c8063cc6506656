public import Foundation

/// Where a ``ResumingStream`` keeps its checkpoint between runs: a few hundred bytes of JSON
/// under a key.
///
/// ``FileCheckpointStore`` keeps them in files (one process, or processes on one machine that
/// each run their own streams); a Redis store (`RedisCheckpointStore`) serves a fleet whose
/// processes take over each other's streams. A store must make ``save(_:for:)`` durable before
/// it returns: the stream hands an item over only once its checkpoint is saved.
public protocol StreamCheckpointStore: Sendable {
    /// The checkpoint saved under `key`, or nil when there is none.
    func checkpoint(for key: String) async throws -> Data?
    /// Saves `checkpoint` under `key`, replacing what was there, durably.
    func save(_ checkpoint: Data, for key: String) async throws
}
