import Courier
import Foundation
import RedditAPI

/// Every recorded Reddit response of `../shared/fixtures/reddit` decoded by `JSONDecoder` and by
/// `JSON.TapeDecoder`, each into its model: the worst ratio must stay at or above 1.0×.
///
/// Bodies whose RedditAPI model is public are read into it (the pairs of the RedditAPI
/// `DecoderEquivalenceTests`); bodies of internal models (error payloads, token answers,
/// `morechildren`, edit and submit answers) are read as Courier's ``JSON`` value.
struct DecoderCorpus {
    /// A body and how both decoders read it.
    struct Body {
        let name: String
        let data: Data
        let decode: (any JSON.TopLevelDecoder, Data) throws -> Void
    }

    /// `{"kind": …, "data": value}`, as RedditAPI's internal wrapper reads it.
    struct Wrapped<Value: Decodable>: Decodable { let data: Value }

    /// Bodies by the model they are read into.
    static let listings: Set = [
        "front_hot.json", "listing_empty.json", "subreddit_hot_askreddit.json", "subreddit_new_all_before.json",
        "subreddit_new_askreddit.json", "subreddit_top_all_askreddit.json", "user_overview_top_page1.json",
        "user_overview_top_page2_after.json", "search_r_all.json", "message_thread_t4_2025.json",
        "subreddits_mine_subscriber.json", "user_comments_new.json", "user_saved.json", "user_submitted_new.json",
        "comment_replies_2025.json", "inbox_mixed_t1_t4_2025.json", "mentions_2025.json",
        "message_thread_parent_chain_2022.json", "message_to_subreddit_2025.json", "sent_2025.json",
        "unread_after_unread_message_2025.json", "unread_empty_2025.json", "unread_post_replies_2025.json",
        "subreddit_comments_poll1.json", "subreddit_comments_poll2_before.json",
        "subreddit_comments_poll5_before.json", "subreddit_comments_poll6_before_empty.json",
        "subreddit_new_poll1.json", "subreddit_new_poll2_before.json", "unread_poll_limit100_empty.json",
        "unread_poll_limit99_empty.json", "info_t1_2020.json", "info_unknown_empty_2020.json",
    ]

    static func model(for name: String) -> (any JSON.TopLevelDecoder, Data) throws -> Void {
        if listings.contains(name) { return { _ = try $0.decode(Listing.self, from: $1) } }
        if name.hasPrefix("comments_") { return { _ = try $0.decode(PostWithComments.self, from: $1) } }
        switch name {
        case "me_2016.json": return { _ = try $0.decode(Account.self, from: $1) }
        case "user_about_other_2025.json": return { _ = try $0.decode(Wrapped<Account>.self, from: $1) }
        case "multi_mine.json": return { _ = try $0.decode([Wrapped<Multi>].self, from: $1) }
        case "subreddit_about_announcements.json": return { _ = try $0.decode(Wrapped<Subreddit>.self, from: $1) }
        case "flairselector_newlink_2021.json": return { _ = try $0.decode(FlairSelection.self, from: $1) }
        case "asset_lease_image_2025.json": return { _ = try $0.decode(MediaLease.self, from: $1) }
        case "prefs_2020.json": return { _ = try $0.decode(Preferences.self, from: $1) }
        case "subreddit_rules_2020.json": return { _ = try $0.decode(SubredditRules.self, from: $1) }
        case "wiki_page_2022.json": return { _ = try $0.decode(Wrapped<WikiPage>.self, from: $1) }
        default: return { _ = try $0.decode(JSON.self, from: $1) }
        }
    }

    /// The bodies (not the `.meta.json` sidecars) under `folder`, sorted by name.
    static func bodies(in folder: URL) throws -> [Body] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw BenchFailure("no fixtures at \(folder.path)")
        }
        var bodies: [Body] = []
        for case let url as URL in walker
        where url.pathExtension == "json" && !url.lastPathComponent.hasSuffix(".meta.json") {
            bodies.append(
                Body(
                    name: url.lastPathComponent, data: try Data(contentsOf: url),
                    decode: model(for: url.lastPathComponent)))
        }
        guard !bodies.isEmpty else { throw BenchFailure("no fixtures at \(folder.path)") }
        return bodies.sorted { $0.name < $1.name }
    }

    /// One line per body would be 100 lines: the table gives the count, the median and the worst
    /// ratio (with its body), and the target line.
    static func run(_ bodies: [Body], runs: Int, minimumRun: Duration) throws -> String {
        var ratios: [(name: String, bytes: Int, ratio: Double)] = []
        for body in bodies {
            var foundation: [Double] = []
            var tape: [Double] = []
            for _ in 0..<runs {
                foundation.append(try rate(body.data, minimumRun) { try body.decode(JSONDecoder(), $0) })
                tape.append(try rate(body.data, minimumRun) { try body.decode(JSON.TapeDecoder(), $0) })
            }
            ratios.append((body.name, body.data.count, tape.median / foundation.median))
        }
        let sorted = ratios.sorted { $0.ratio < $1.ratio }
        let worst = sorted[0]
        let median = sorted[sorted.count / 2].ratio
        return [
            "| Reddit corpus (every recorded body, its model) | bodies | median ratio | worst ratio | worst body | target | met |",
            "|---|---:|---:|---:|---|---:|---|",
            "| JSON.TapeDecoder / JSONDecoder | \(bodies.count) | \(format(median))× | \(format(worst.ratio))× | "
                + "\(worst.name) (\(worst.bytes) B) | 1.00× | \(worst.ratio >= 1 ? "met" : "NOT MET") |",
            "next worst: "
                + sorted.dropFirst().prefix(3).map { "\($0.name) \(format($0.ratio))×" }.joined(separator: ", "),
        ].joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    /// Decodes per second over decodes repeated for at least `minimumRun`.
    private static func rate(_ data: Data, _ minimumRun: Duration, _ decode: (Data) throws -> Void) throws -> Double {
        try decodesPerSecond(of: data, for: minimumRun, decode)
    }
}
