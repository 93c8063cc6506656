import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// Renders real recorded responses (the offline cassette, decoded by RedditAPI through the
/// whole client pipeline) and compares with reviewed text in `Golden/`.
///
/// After an intended change of the output, regenerate with
/// `REDDIT_CLI_UPDATE_GOLDEN=1 swift test --filter GoldenRenderingTests`, review the diff, and
/// commit it; in that mode every test fails on purpose so an update never passes silently.
@Suite struct GoldenRenderingTests {
    /// 2016-03-01 03:00 UTC: a couple of hours after the front page was recorded.
    static let now = Date(timeIntervalSince1970: 1_456_801_200)
    static let plain = TextStyle(isEnabled: false)

    func service() throws -> RedditService {
        try OfflineBrowse.service()
    }

    func check(_ text: String, against name: String, sourceFile: String = #filePath) throws {
        if ProcessInfo.processInfo.environment["REDDIT_CLI_UPDATE_GOLDEN"] == "1" {
            let file = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().appendingPathComponent(
                "Golden/\(name).txt")
            try Data(text.utf8).write(to: file)
            Issue.record("rewrote \(file.path); review it and run again without REDDIT_CLI_UPDATE_GOLDEN")
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Golden") else {
            Issue.record("missing golden file Golden/\(name).txt")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if text != expected {
            let got = text.split(separator: "\n", omittingEmptySubsequences: false)
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line =
                zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
            Issue.record(
                "\(name): first difference at line \(line + 1):\n got: \(line < got.count ? got[line] : "<end>")\nwant: \(line < want.count ? want[line] : "<end>")"
            )
        }
    }

    @Test func frontPageListing() async throws {
        let page = try await service().listing(ListingOptions(page: PageOptions(limit: 12)))
        let text = ListingRenderer(style: Self.plain, width: 100, now: Self.now).render(
            page, nextPageCommand: "reddit hot --limit 12")
        try check(text, against: "front_hot")
        #expect(text.split(separator: "\n").allSatisfy { TextLayout.width($0) <= 100 })
    }

    @Test func frontPageListingWithoutAWidthKeepsWholeTitles() async throws {
        let page = try await service().listing(ListingOptions(page: PageOptions(limit: 5)))
        let text = ListingRenderer(style: Self.plain, width: nil, now: Self.now).render(page, nextPageCommand: nil)
        try check(text, against: "front_hot_unbounded")
    }

    @Test func commentTreeWithMoreStubs() async throws {
        let tree = try await service().commentTree(CommentsOptions(postID: "3hahrw"))
        try check(
            ThreadRenderer(style: Self.plain, width: 80, now: Self.now).render(tree, maxDepth: nil),
            against: "comments_3hahrw")
    }

    @Test func commentTreeCutAtDepthTwo() async throws {
        let tree = try await service().commentTree(CommentsOptions(postID: "3hahrw"))
        try check(
            ThreadRenderer(style: Self.plain, width: 80, now: Self.now).render(tree, maxDepth: 2),
            against: "comments_3hahrw_depth2")
    }

    @Test func commentTreeWithDeletedAuthors() async throws {
        let tree = try await service().commentTree(CommentsOptions(postID: "4b1tfm"))
        try check(
            ThreadRenderer(style: Self.plain, width: 80, now: Self.now).render(tree, maxDepth: nil),
            against: "comments_4b1tfm")
    }

    @Test func userOverviewMixesPostsAndComments() async throws {
        let listing = try await service().profile(user: "spez", section: .overview, page: PageOptions(limit: 6)).value
        let text = DetailRenderer(style: Self.plain, width: 100, now: Self.now).render(
            profile: listing, nextPageCommand: "reddit user spez overview")
        try check(text, against: "user_spez_overview")
    }

    @Test func subredditAbout() async throws {
        let about = try await service().subreddit("announcements").value
        try check(
            DetailRenderer(style: Self.plain, width: 80, now: Self.now).render(subreddit: about),
            against: "subreddit_announcements")
    }

    @Test func colourIsAddedOnlyWhenEnabled() async throws {
        let page = try await service().listing(ListingOptions(page: PageOptions(limit: 3)))
        let coloured = ListingRenderer(style: TextStyle(isEnabled: true), width: 100, now: Self.now).render(
            page, nextPageCommand: nil)
        let plain = ListingRenderer(style: Self.plain, width: 100, now: Self.now).render(page, nextPageCommand: nil)
        #expect(coloured.contains("\u{1B}[36mr/IAmA"))
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.replacingOccurrences(of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression) == plain)
    }
}
