import Courier
import Foundation

extension RedditError.APIError {
    /// For a `RATELIMIT` entry ("you are doing that too much. try again in 1 minute."), how long
    /// Reddit asks to wait, read as PRAW reads it (`N millisecond(s)|second(s)|minute(s)`, N up
    /// to three digits); nil for other codes or a message without a duration.
    public var rateLimitDelay: Duration? {
        guard code == "RATELIMIT" else { return nil }
        return Self.delay(in: message)
    }

    static func delay(in message: String) -> Duration? {
        let words = message.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "," })
        for (index, word) in words.enumerated().dropLast() where (1...3).contains(word.count) {
            guard word.allSatisfy(\.isASCII), let amount = Int(word) else { continue }
            let unit = words[index + 1].lowercased()
            switch unit {
            case "millisecond", "milliseconds": return .milliseconds(amount)
            case "second", "seconds": return .seconds(amount)
            case "minute", "minutes": return .seconds(amount * 60)
            default: continue
            }
        }
        return nil
    }
}

extension RedditError {
    /// Whether Reddit refused a write with `RATELIMIT` (“you are doing that too much”).
    public var isRateLimitedWrite: Bool { apiErrors.contains { $0.code == "RATELIMIT" } }

    /// How long a `RATELIMIT` refusal asks to wait, when its message says.
    public var rateLimitDelay: Duration? { apiErrors.lazy.compactMap(\.rateLimitDelay).first }
}
