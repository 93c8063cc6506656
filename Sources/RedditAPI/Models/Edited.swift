public import Foundation

/// Whether and when a post or comment was edited.
///
/// Reddit sends `false`, `true` (items edited before timestamps were kept) or the edit time as
/// epoch seconds.
public enum Edited: Sendable, Hashable, Codable {
    /// Never edited.
    case never
    /// Edited at an unknown time.
    case atUnknownTime
    /// Edited at this time.
    case at(Date)

    /// Whether the item was edited at all.
    public var isEdited: Bool { self != .never }

    /// The edit time, when Reddit gave one.
    public var date: Date? {
        if case .at(let date) = self { date } else { nil }
    }

    /// Decodes `false`, `true` or a number of seconds since 1970.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = flag ? .atUnknownTime : .never
        } else if container.decodeNil() {
            self = .never
        } else {
            self = .at(Date(timeIntervalSince1970: try container.decode(Double.self)))
        }
    }

    /// Encodes the value the way Reddit sends it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .never: try container.encode(false)
        case .atUnknownTime: try container.encode(true)
        case .at(let date): try container.encode(date.timeIntervalSince1970)
        }
    }
}

/// A vote: how the signed-in user voted on a thing (Reddit's `likes`), or the direction of a new vote.
public enum Vote: Int, Sendable, Hashable, Codable {
    /// An upvote (`likes: true`, `dir=1`).
    case up = 1
    /// No vote (`likes: null`, `dir=0`).
    case none = 0
    /// A downvote (`likes: false`, `dir=-1`).
    case down = -1

    /// Reads Reddit's `likes`: `true`, `false` or `null`.
    public init(likes: Bool?) {
        switch likes {
        case true?: self = .up
        case false?: self = .down
        case nil: self = .none
        }
    }

    /// The value as Reddit's `likes`.
    public var likes: Bool? {
        switch self {
        case .up: true
        case .down: false
        case .none: nil
        }
    }

    /// Decodes `likes` (`true`, `false`, `null`); an integer direction is accepted too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .none
        } else if let flag = try? container.decode(Bool.self) {
            self = flag ? .up : .down
        } else {
            let direction = try container.decode(Int.self)
            self = direction > 0 ? .up : direction < 0 ? .down : .none
        }
    }

    /// Encodes the vote as Reddit's `likes`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let likes { try container.encode(likes) } else { try container.encodeNil() }
    }
}
