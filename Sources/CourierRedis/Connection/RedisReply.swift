/// One reply of Redis, copied out of hiredis.
package enum RedisReply: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case array([RedisReply])
    case status(String)
    case error(String)
    case null

    /// The reply as an integer (an integer reply, or a string of digits).
    package var int: Int? {
        switch self {
        case .integer(let value): value
        case .string(let text): Int(text)
        default: nil
        }
    }

    /// The reply as text, nil for nil replies.
    package var text: String? {
        switch self {
        case .string(let text), .status(let text): text
        case .integer(let value): String(value)
        default: nil
        }
    }
}
