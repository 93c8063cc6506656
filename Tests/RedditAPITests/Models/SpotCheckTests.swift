import Courier
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Real values from the fixtures, read back through the models.
@Suite(.ownThread) struct SpotCheckTests {
    typealias F = FixtureDecodingTests

    @Test func frontPageListing() async throws {
        let listing: Listing = try await F.value("listings/front_hot.json")
        #expect(listing.children.count == 100)
        #expect(listing.after == "t3_48a6f9")
        #expect(listing.after == listing.children.last?.fullname)
        #expect(listing.before == nil)
        let first = try #require(listing.links.first)
        #expect(first.title == "My game cam finally caught something cool.")
        #expect(first.score == 6710)
        #expect(first.author == "elfmachine100")
        #expect(first.name == Fullname(kind: .link, id: "48dxvx"))
        #expect(first.created == Date(timeIntervalSince1970: 1_456_798_125))
        #expect(first.likes == .none)
        #expect(first.preview?.images.first?.source.width == 960)
        #expect(listing.links.filter { $0.edited.date != nil }.count == 6)
    }

    @Test func stickiedModeratorPostsAndEditTimes() async throws {
        let hot: Listing = try await F.value("listings/subreddit_hot_askreddit.json")
        #expect(hot.links.count == 102)
        #expect(hot.links[0].stickied && hot.links[0].distinguished == "moderator")
        let top: Listing = try await F.value("listings/subreddit_top_all_askreddit.json")
        #expect(top.links[0].title == "What tasty food would be distusting if eaten over rice?")
        #expect(top.links[0].score == 38445)
        #expect(top.links.filter { $0.edited.date != nil }.count == 37)
        #expect(top.links.contains { $0.edited.date == Date(timeIntervalSince1970: 1_417_251_723) })
    }

    @Test func mixedOverviewAndEmptyListing() async throws {
        let page1: Listing = try await F.value("listings/user_overview_top_page1.json")
        #expect(page1.comments.count == 93)
        #expect(page1.links.count == 7)
        #expect(page1.after == "t1_ct5snit")
        #expect(page1.comments[0].score == 6648)
        #expect(page1.comments[0].body.hasPrefix("Ok, Hi!"))
        #expect(page1.comments.allSatisfy { $0.replies == nil })
        let edited = page1.comments.map(\.edited) + page1.links.map(\.edited)
        #expect(edited.filter { $0 == .atUnknownTime }.count == 1)
        let empty: Listing = try await F.value("listings/listing_empty.json")
        #expect(empty.children.isEmpty && empty.after == nil)
    }

    @Test func commentsWithMoreStubs() async throws {
        let page: PostWithComments = try await F.value("comments/comments_3hahrw_limit10_more.json")
        #expect(page.link.title == "Ba Dum Tsss")
        #expect(page.link.commentCount == 537)
        let tree = CommentTree(page)
        #expect(tree.comments.count == 10)
        #expect(tree.stubs.count == 11)
        #expect(tree.stubs.first?.count == 100)
        #expect(tree.stubs.first?.children.count == 3)
        #expect(tree.rows.map(\.depth).max() == 3)
    }

    @Test func thingsAndUsers() async throws {
        let me: Account = try await F.value("things/me_2016.json")
        #expect(me.name == "PyAPITestUser2")
        #expect(me.linkKarma == 12 && me.commentKarma == 9)
        #expect(me.fullname == "t2_4cixf")
        let other: Account = try await F.value("things/user_about_other_2025.json")
        #expect(other.name == "Lil_SpazBot")
        let about: Subreddit = try await F.value("things/subreddit_about_announcements.json")
        #expect(about.displayName == "announcements")
        #expect(about.subscribers == 47_456_009)
        #expect(about.name == "t5_2r0ij")
        let multis: [Multi] = try await F.value("things/multi_mine.json")
        #expect(multis.count == 15)
        #expect(multis[0].name == "praw_x5g968f66a")
        let subscriptions: Listing = try await F.value("things/subreddits_mine_subscriber.json")
        #expect(subscriptions.subreddits.count == 10)
        #expect(subscriptions.subreddits.first?.displayName == "announcements")
        let trophies: [Trophy] = try await F.value("things/user_trophies_spez.json")
        #expect(trophies.count == 21 && trophies[0].name == "Spared")
        // The endpoint now reads it as a MessageThread (see InboxTests); the raw Listing is checked here.
        let messages = try JSON.TapeDecoder().decode(
            Listing.self, from: try Fixture("things/message_thread_t4_2025.json").body)
        guard case .message(let message)? = messages.children.first else {
            Issue.record("expected a message")
            return
        }
        #expect(message.subject == "test message")
        #expect(message.replies?.children.count == 5)
    }

    @Test func savedMixesPostsAndComments() async throws {
        let saved: Listing = try await F.value("users/user_saved.json")
        #expect(saved.comments.count == 1 && saved.links.count == 17)
        let submitted: Listing = try await F.value("users/user_submitted_new.json")
        #expect(submitted.after == "t3_21oo")
        let comments: Listing = try await F.value("users/user_comments_new.json")
        #expect(comments.comments.count == 100 && comments.after == "t1_cu2fcv5")
    }

    @Test func galleryCrosspostAndSearch() async throws {
        let gallery: PostWithComments = try await F.value("comments/comments_gallery_2025.json")
        #expect(gallery.link.isGallery)
        #expect(gallery.link.galleryItems.map(\.id) == [659_119_513, 659_119_514, 659_119_515, 659_119_516])
        #expect(gallery.link.galleryItems[1].caption == "A JPG image.")
        #expect(gallery.link.mediaMetadata["p8lddeag3lze1"]?.status == "unprocessed")
        let crosspost: PostWithComments = try await F.value("comments/comments_crosspost_nsfw.json")
        #expect(crosspost.link.over18)
        #expect(crosspost.link.crosspostParent == "t3_6vx01b")
        #expect(crosspost.link.crosspostParents.count == 1)
        let search: Listing = try await F.value("search/search_r_all.json")
        #expect(search.links.count == 6)
        let names: [String] = try await F.value("search/search_reddit_names.json")
        #expect(names.first == "RedditLaqueristas" && names.count == 10)
    }

    @Test func unknownKindKeepsTheRestOfTheListing() throws {
        let json = """
            {"kind": "Listing", "data": {"after": null, "before": null, "children": [
              {"kind": "t9", "data": {"whatever": [1, 2]}},
              {"kind": "t3", "data": {"id": "abc", "name": "t3_abc", "title": "kept", "created_utc": 1.5}}
            ]}}
            """
        let listing = try JSONDecoder().decode(Listing.self, from: Data(json.utf8))
        #expect(listing.children.count == 2)
        #expect(listing.children[0] == .unknown(kind: "t9"))
        #expect(listing.links.first?.title == "kept")
    }

    @Test func polymorphicFields() throws {
        struct Probe: Decodable {
            let edited: Edited
            let likes: Vote
        }
        func probe(_ json: String) throws -> Probe { try JSONDecoder().decode(Probe.self, from: Data(json.utf8)) }
        #expect(try probe(#"{"edited": false, "likes": null}"#).edited == .never)
        #expect(try probe(#"{"edited": true, "likes": true}"#).likes == .up)
        #expect(
            try probe(#"{"edited": 1458444463.0, "likes": false}"#).edited
                == .at(Date(timeIntervalSince1970: 1_458_444_463)))
        #expect(try probe(#"{"edited": false, "likes": false}"#).likes == .down)
        #expect(throws: DecodingError.self) { try probe(#"{"edited": "yesterday", "likes": null}"#) }
    }

    @Test func fullnames() {
        let name = Fullname("t3_48dxvx")
        #expect(name.kind == .link && name.id == "48dxvx")
        #expect(Fullname(kind: .comment, id: "cu5pebp").rawValue == "t1_cu5pebp")
        #expect(Fullname("spez").kind == nil && Fullname("spez").id == "spez")
    }
}
