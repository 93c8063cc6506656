/// Why a Redis call failed.
public enum RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// hiredis could not be loaded (`apt-get install libhiredis-dev` on Debian).
    case unavailable(String)
    /// `redis://host:port` was expected.
    case invalidURL(String)
    /// Redis did not answer: refused, reset, timed out; the caller falls back.
    case unreachable(String)
    /// Redis answered with an error.
    case server(String)

    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .unavailable(let reason): "Redis cannot be used: \(reason)"
        case .invalidURL(let text): "not a Redis address (redis://host:port expected): \(text)"
        case .unreachable(let reason): "Redis is unreachable: \(reason)"
        case .server(let message): "Redis answered with an error: \(message)"
        }
    }
}
