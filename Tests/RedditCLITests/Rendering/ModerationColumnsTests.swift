import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The author and subreddit columns of the mod queue, modmail and the inbox line up, in the
/// command's output and in the browser; and the command shows the queue's reports.
@Suite struct ModerationColumnsTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let plain = TextStyle(isEnabled: false)

    /// The column (display width before it) where `needle` first appears in `line`.
    static func column(of needle: String, in line: String) -> Int? {
        line.range(of: needle).map { TextLayout.width(String(line[..<$0.lowerBound])) }
    }

    /// Whether every line has `needles[i]` starting at one same column.
    static func lineUp(_ lines: [String], _ needles: [String]) -> Bool {
        let columns = zip(lines, needles).map { column(of: $1, in: $0) }
        return !columns.contains(nil) && Set(columns).count == 1
    }

    @Test func theCommandsQueueLinesUpItsColumnsAndShowsTheReports() async throws {
        let service = try OfflineBrowse.service()
        let answer = try await service.moderationQueue(.modQueue, of: "test_subreddit", only: nil, page: PageOptions())
        let things = answer.value.children.filter { $0.fullname != nil }
        let renderer = DetailRenderer(style: Self.plain, width: 120, now: Self.now)
        let text = renderer.render(queue: answer.value, nextPageCommand: nil)
        let items = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("t") }
        #expect(items.count == things.count, "\(text)")
        var authors: [String] = []
        var subreddits: [String] = []
        for thing in things {
            switch thing {
            case .link(let post):
                (authors, subreddits) = (authors + ["u/\(post.author)"], subreddits + ["r/\(post.subreddit)"])
            case .comment(let comment):
                (authors, subreddits) = (authors + ["u/\(comment.author)"], subreddits + ["r/\(comment.subreddit)"])
            default: continue
            }
        }
        #expect(Set(authors).count > 1, "the recording has authors of several lengths")
        #expect(Self.lineUp(items, authors), "\(text)")
        #expect(Self.lineUp(items.map { $0 + " " }, subreddits.map { $0 + " " }), "\(text)")
        // Each line's text starts at one column too.
        let texts = zip(items, zip(authors, subreddits)).map { line, names in
            Self.column(of: names.1, in: line).map { $0 + TextLayout.width(names.1) }
        }
        #expect(Set(texts).count == 1, "\(text)")
        let command = try await BuiltExecutable.run(["--offline", "mod", "queue", "test_subreddit"])
        #expect(command.stdout.contains("reports: u/TEST_SUBREDDIT: \"report\""), "\(command.stdout)")
    }

    @Test func modmailsSubredditAndParticipantColumnsLineUp() async throws {
        let service = try OfflineBrowse.service()
        let conversations = try await service.modmailConversations(in: [], unreadFirst: false).value
        #expect(conversations.count > 1)
        #expect(Set(conversations.map(\.subreddit.count)).count > 1 || Set(conversations.map(\.id.count)).count > 1)
        let text = DetailRenderer(style: Self.plain, width: 120, now: Self.now).render(conversations: conversations)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(Self.lineUp(lines, conversations.map { "r/\($0.subreddit) " }), "\(text)")
        #expect(Self.lineUp(lines, conversations.map { "  " + $0.subject }), "\(text)")
    }

    @Test func theInboxsSenderAndSubjectColumnsLineUp() async throws {
        let service = try OfflineBrowse.service()
        let listing = try await service.inbox(.all, page: PageOptions(limit: 100)).value
        let messages = listing.children.compactMap(\.message)
        #expect(Set(messages.map(\.name.rawValue.count)).count > 1, "fullnames of several lengths")
        let text = InboxRenderer(style: Self.plain, now: Self.now).render(listing, nextPageCommand: nil)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(Self.lineUp(lines, messages.map { "  " + BrowseScreen.sender(of: $0) + " " }), "\(text)")
        let subjects = messages.map { "  " + ($0.isComment ? "re: \($0.linkTitle ?? $0.subject)" : $0.subject) }
        #expect(Self.lineUp(lines, subjects), "\(text)")
    }

    @Test func theBrowsersQueueLinesUpAuthorsAndSubreddits() async throws {
        let service = try OfflineBrowse.service()
        let answer = try await service.moderationQueue(.modQueue, of: "test_subreddit", only: nil, page: PageOptions())
        let items = answer.value.children.compactMap { thing -> BrowseState.QueueItem? in
            switch thing {
            case .link(let post): BrowseState.QueueItem(content: .post(post), details: ModerationDetails())
            case .comment(let comment): BrowseState.QueueItem(content: .comment(comment), details: ModerationDetails())
            default: nil
            }
        }
        var renderer = ModQueueRenderer(style: Self.plain, width: 100, now: Self.now)
        renderer.authorWidth = min(
            24, items.map { TextLayout.width("u/" + ModQueueRenderer.author(of: $0)) }.max() ?? 0)
        renderer.subredditWidth = min(24, items.map { TextLayout.width("r/" + $0.subreddit) }.max() ?? 0)
        let heads = items.map { renderer.lines(for: $0)[0] }
        #expect(Self.lineUp(heads, items.map { "r/" + $0.subreddit }), "\(heads)")
        #expect(Self.lineUp(heads, items.map { "u/" + ModQueueRenderer.author(of: $0) }), "\(heads)")
    }
}
