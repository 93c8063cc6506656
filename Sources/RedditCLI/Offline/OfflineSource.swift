package import Foundation

/// Where `reddit --offline` reads from: the demo recordings shipped with reddit, or what
/// `reddit sync` fetched, with when.
package enum OfflineSource: Sendable, Equatable {
    /// The recordings shipped with reddit.
    case demo
    /// What `reddit sync` fetched: when it finished, and from which subreddits.
    case synced(at: Date, subreddits: [String])

    /// When the content was fetched, for a synced cache.
    package var syncedAt: Date? {
        if case .synced(let date, _) = self { return date }
        return nil
    }

    /// `synced 2h ago` (`synced now` within a minute); nil for the demo.
    package func age(now: Date) -> String? {
        guard let date = syncedAt else { return nil }
        let age = TextLayout.age(of: date, now: now)
        return age == "now" ? "synced just now" : "synced \(age) ago"
    }

    /// The browser's source label, on every screen's title line: `offline`, or
    /// `offline · synced 2h ago`.
    package func label(now: Date) -> String {
        age(now: now).map { "offline · \($0)" } ?? "offline"
    }

    /// The date and time the content was fetched, in UTC (`2025-12-07 20:14 UTC`).
    package static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date) + " UTC"
    }

    /// The line a printed offline command says on standard error for synced content (the
    /// browser says it in its title line instead); nil for the demo.
    package func notice(now: Date) -> String? {
        guard let date = syncedAt, let age = age(now: now) else { return nil }
        return "reddit: offline: what reddit sync fetched (\(age), \(Self.timestamp(date)));"
            + " reddit sync --clear goes back to the demo"
    }
}
