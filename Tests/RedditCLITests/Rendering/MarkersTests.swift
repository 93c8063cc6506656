import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// Flair and markers in listing rows, the post's view and comment headers, with and without
/// colour.
@Suite struct MarkersTests {
    static let now = Date(timeIntervalSince1970: 1_600_000_000)
    static let plain = TextStyle(isEnabled: false)
    static let colour = TextStyle(isEnabled: true)

    /// A post as Reddit sends one with every marker on.
    static let markedPost = #"""
        {"id":"m1","title":"Look at this","subreddit":"pics","author":"alice","domain":"i.redd.it",
         "url":"https://i.redd.it/x.jpg","over_18":true,"spoiler":true,"is_original_content":true,
         "locked":true,"archived":true,"stickied":true,"distinguished":"moderator",
         "total_awards_received":3,"removed_by_category":"moderator",
         "link_flair_text":":cat: Cats","link_flair_richtext":[{"e":"emoji","a":":cat:","u":"https://e/cat"},
           {"e":"text","t":" Cats"}],
         "author_flair_text":"Photographer","author_flair_richtext":[]}
        """#

    /// The first row of a thread of one comment by alice (`fields` close its JSON object).
    static func commentRow(_ fields: String) throws -> CommentRow {
        let post = #"{"kind":"t3","data":{"id":"m1","title":"t","author":"bob"}}"#
        let comment =
            #"{"kind":"t1","data":{"id":"c1","link_id":"t3_m1","parent_id":"t3_m1","body":"hi","author":"alice","#
            + fields + "}"
        let json =
            "[{\"kind\":\"Listing\",\"data\":{\"children\":[\(post)]}},"
            + "{\"kind\":\"Listing\",\"data\":{\"children\":[\(comment)]}}]"
        let page = try JSONDecoder().decode(PostWithComments.self, from: Data(json.utf8))
        return try #require(CommentTree(page).rows.first)
    }

    @Test func aListingRowShowsEveryMarkAndTheLinkFlair() throws {
        let post = try JSONDecoder().decode(Link.self, from: Data(Self.markedPost.utf8))
        let renderer = ListingRenderer(style: Self.plain, width: nil, now: Self.now)
        let line = renderer.line(post, columns: renderer.columns(for: [post]))
        #expect(
            line.hasSuffix(
                "[pinned] [M] [nsfw] [spoiler] [OC] [locked] [removed] [3 awards] Look at this {:cat: Cats}  (i.redd.it)"
            ))
        #expect(!line.contains("[archived]"), "archived is left out of rows (it marks nearly every old post)")
    }

    @Test func colourAddsEmphasisAndKeepsTheText() throws {
        let post = try JSONDecoder().decode(Link.self, from: Data(Self.markedPost.utf8))
        let renderer = ListingRenderer(style: Self.colour, width: nil, now: Self.now)
        let line = renderer.line(post, columns: renderer.columns(for: [post]))
        #expect(line.contains("\u{1B}[31m[nsfw]\u{1B}[0m"))
        #expect(line.contains("\u{1B}[36m{:cat: Cats}\u{1B}[0m"))
        #expect(line.contains("\u{1B}[32m[M]\u{1B}[0m"))
    }

    @Test func thePostsViewShowsMarksFlairAndTheAuthorsFlair() throws {
        let post = try JSONDecoder().decode(Link.self, from: Data(Self.markedPost.utf8))
        let lines = ThreadRenderer(style: Self.plain, width: 100, now: Self.now).postHeader(post)
        #expect(lines[0] == "Look at this")
        #expect(
            lines[1] == "[pinned] [M] [nsfw] [spoiler] [OC] [locked] [archived] [removed] [3 awards] {:cat: Cats}")
        #expect(lines[2].hasPrefix("r/pics · u/alice {Photographer} · "))
    }

    @Test func aCommentHeaderMarksTheOPModeratorsAdminsAndFlair() throws {
        let renderer = ThreadRenderer(style: Self.plain, width: 80, now: Self.now)
        func header(_ fields: String, postAuthor: String = "bob") throws -> String {
            renderer.lines(for: try Self.commentRow(fields), postAuthor: postAuthor)[0]
        }
        #expect(try header(#""score":2}"#, postAuthor: "alice").hasPrefix("alice [OP] · 2 points"))
        #expect(try header(#""distinguished":"moderator","stickied":true}"#).hasPrefix("alice [M] [pinned] · "))
        #expect(try header(#""distinguished":"admin"}"#).hasPrefix("alice [A] · "))
        #expect(
            try header(
                #""author_flair_text":":snoo: Helper","author_flair_richtext":[{"e":"emoji","a":":snoo:","u":"https://e/s"},{"e":"text","t":" Helper"}],"total_awards_received":1}"#
            ).hasPrefix("alice {:snoo: Helper} [1 award] · "))
        #expect(try header(#""author_flair_text":"Mod team"}"#).hasPrefix("alice {Mod team} · "), "text flair alone")
        #expect(try header(#""author_flair_text":""}"#).hasPrefix("alice · "), "an empty flair shows nothing")
    }

    @Test func theRecordedBestPageShowsFlairEmojiOCAndAwardsOffline() async throws {
        let service = try OfflineBrowse.service()
        let page = try await service.listing(ListingOptions(sort: .best, page: PageOptions(limit: 100)))
        let text = ListingRenderer(style: Self.plain, width: nil, now: Self.now).render(page, nextPageCommand: nil)
        #expect(text.contains("Spotify Listening History {Release}"))
        #expect(text.contains("{:Silly: Weekend Silly Job}"), "emoji link flair by its code")
        #expect(text.contains("[OC] That Booty"))
        #expect(text.contains("[9 awards] Married for 17 years"))
        #expect(text.contains("[nsfw] [locked]"))
        let thread = try await service.commentTree(CommentsOptions(postID: "mcqjl8"))
        let rendered = ThreadRenderer(style: Self.plain, width: 100, now: Self.now).render(thread, maxDepth: nil)
        #expect(rendered.contains("AutoModerator [M] [pinned] · "))
    }
}
