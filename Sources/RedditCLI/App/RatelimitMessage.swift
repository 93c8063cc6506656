package import RedditAPI

/// How `reddit` says that Reddit refused a write with `RATELIMIT` (“you are doing that too much”).
package enum RatelimitMessage {
    /// The longest `RATELIMIT` wait `--wait` sits out.
    package static let longestWait = Duration.seconds(15 * 60)

    /// "Reddit asks you to wait N minutes before posting again" (with a hint at `--wait`), or
    /// nil when `error` is not a `RATELIMIT` refusal.
    package static func text(for error: RedditError) -> String? {
        guard error.isRateLimitedWrite else { return nil }
        guard let delay = error.rateLimitDelay else {
            return "Reddit asks you to wait before posting again (it did not say how long)"
        }
        return "Reddit asks you to wait \(describe(delay)) before posting again"
            + (delay <= longestWait ? " (--wait waits it out)" : "")
    }

    /// `delay` in words, rounded up to whole minutes from one minute on: "1 minute", "9 minutes",
    /// "40 seconds".
    package static func describe(_ delay: Duration) -> String {
        let seconds = Int(delay.components.seconds) + (delay.components.attoseconds > 0 ? 1 : 0)
        if seconds < 60 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let minutes = (seconds + 59) / 60
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
