import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Every recorded response in `Fixtures/` goes through the real pipeline (error decoder,
/// validation, decoding) with the request this library would use for it.
@Suite(.ownThread) struct FixtureDecodingTests {
    /// What sending a fixture's request ended in.
    enum Outcome {
        case value(Any)
        case redditError(RedditError)
    }

    /// The request each fixture answers; a fixture missing here fails ``everyFixtureIsCovered``.
    static let requests: [String: @Sendable () throws -> any Sendable] = [
        "actions/comment_reply_200.json": { Request<MoreChildrenAnswer>(method: .post, path: "/api/comment") },
        "actions/save_200.json": { Reddit.save("t3_abc") },
        "actions/submit_selftext_200.json": { Request<Void>(method: .post, path: "/api/submit") },
        "actions/subscribe_200.json": { Reddit.subscribe(to: ["swift"]) },
        "actions/unsave_200.json": { Reddit.unsave("t3_abc") },
        "actions/vote_200.json": { Reddit.vote(.up, on: "t3_abc") },
        "auth/revoke_token_200_empty.txt": { Request<Void>(method: .post, path: "/api/v1/revoke_token") },
        "auth/token_authorization_code_invalid_code_invalid_grant_200.json": { TokenAnswer.request },
        "auth/token_authorization_code_permanent_200.json": { TokenAnswer.request },
        "auth/token_client_credentials_2026_200.json": { TokenAnswer.request },
        "auth/token_endpoint_rate_limited_429.json": { TokenAnswer.request },
        "auth/token_installed_client_200.json": { TokenAnswer.request },
        "auth/token_password_grant_200.json": { TokenAnswer.request },
        "auth/token_password_grant_invalid_otp_invalid_grant_200.json": { TokenAnswer.request },
        "auth/token_password_grant_unauthorized_client_200.json": { TokenAnswer.request },
        "auth/token_refresh_grant_200.json": { TokenAnswer.request },
        "auth/token_refresh_grant_invalid_token_400.json": { TokenAnswer.request },
        "comments/comments_2gmzqe_small.json": { Reddit.comments(of: "2gmzqe") },
        "comments/comments_3hahrw_limit10_more.json": { Reddit.comments(of: "3hahrw", limit: 10) },
        "comments/comments_context_sort_new_limit4.json": {
            Reddit.comments(of: "98vj9e", sort: .new, limit: 4, focusing: "e4j4830", context: 100)
        },
        "comments/comments_crosspost_nsfw.json": { Reddit.comments(of: "c27k7n") },
        "comments/comments_deleted_authors.json": { Reddit.comments(of: "4b1tfm") },
        "comments/comments_gallery_2025.json": { Reddit.comments(of: "1khu9tf") },
        "comments/comments_inline_media_edited_2022.json": { Reddit.comments(of: "mcqjl8") },
        "errors/bad_request_400_text_plain.txt": { try Reddit.moreChildren(["x"], of: "t3_n7r3uz") },
        "errors/explanation_user_doesnt_exist_400.json": { Reddit.trophies(of: "thisusershouldnotexist") },
        "errors/forbidden_403_legacy.json": { Reddit.userSaved("spez") },
        "errors/forbidden_403_message_2020.json": { Reddit.userSaved("spez") },
        "errors/insufficient_scope_403.json": { Reddit.me() },
        "errors/internal_server_error_500.json": { Request<Void>(method: .delete, path: "/api/mod/notes") },
        "errors/invalid_token_401_json.json": { Reddit.me() },
        "errors/json_errors_bad_username_200.json": { Request<JSON>(path: "/api/username_available") },
        "errors/json_errors_subreddit_exists_200.json": { Request<Void>(method: .post, path: "/api/site_admin") },
        "errors/no_content_204.txt": { Request<Void>(method: .delete, path: "/api/v1/me/friends/spez") },
        "errors/not_found_404.json": { Request<JSON>(path: "/r/announcements/about/traffic") },
        "errors/redirect_302_random.html": { Reddit.listing(.hot, subreddit: "random") },
        "errors/service_unavailable_503_empty.txt": { Reddit.listing(.best) },
        "errors/submit_validation_400.json": { Request<Void>(method: .post, path: "/api/submit") },
        "errors/wiki_page_not_found_404.json": { Reddit.wikiPage("invalid", subreddit: "test") },
        "listings/front_hot.json": { Reddit.listing(.hot, page: .init(limit: 100)) },
        "listings/listing_empty.json": { Reddit.userOverview("spez", sort: .top(.hour)) },
        "listings/subreddit_hot_askreddit.json": { Reddit.listing(.hot, subreddit: "askreddit") },
        "listings/subreddit_new_all_before.json": {
            Reddit.listing(.new, subreddit: "all", page: .init(before: "t3_5jo13y"))
        },
        "listings/subreddit_new_askreddit.json": { Reddit.listing(.new, subreddit: "askreddit") },
        "listings/subreddit_top_all_askreddit.json": { Reddit.listing(.top(.all), subreddit: "askreddit") },
        "listings/user_overview_top_page1.json": { Reddit.userOverview("spez", sort: .top(.all)) },
        "listings/user_overview_top_page2_after.json": { Reddit.userOverview("spez", sort: .top(.all)) },
        "morechildren/morechildren_small.json": { try Reddit.moreChildren(["cu5tead"], of: "t3_3hahrw") },
        "morechildren/morechildren_with_more_and_deleted.json": {
            try Reddit.moreChildren(["c369r5m"], of: "t3_n49rw")
        },
        "search/search_r_all.json": { Reddit.search("praw oauth search", subreddit: "all") },
        "search/search_reddit_names.json": { Reddit.subredditNames(startingWith: "reddit") },
        "things/me_2016.json": { Reddit.me() },
        "things/message_thread_t4_2025.json": { Reddit.messageThread("2r1s1k2") },
        "things/multi_mine.json": { Reddit.myMultireddits() },
        "things/subreddit_about_announcements.json": { Reddit.subredditAbout("announcements") },
        "things/subreddits_mine_subscriber.json": { Reddit.subreddits(.subscribed, page: .init(limit: 100)) },
        "things/user_about_other_2025.json": { Reddit.userAbout("Lil_SpazBot") },
        "things/user_trophies_spez.json": { Reddit.trophies(of: "spez") },
        "users/user_comments_new.json": { Reddit.userComments("spez") },
        "users/user_saved.json": { Reddit.userSaved("someone") },
        "users/user_submitted_new.json": { Reddit.userSubmitted("spez") },
        // Issue 19 recordings.
        "actions/flairselector_newlink_2021.json": { Reddit.flairSelector(subreddit: "test") },
        "actions/hide_multiple_2026.json": { Reddit.hide(["t3_a", "t3_b"]) },
        "actions/report_2020.json": { Reddit.report("t3_hmkfma", reason: "spam") },
        "actions/selectflair_2020.json": {
            Reddit.selectFlair(subreddit: "test", link: "t3_f5z8dn", templateID: "ca999154-c1b0-11e7-b30b-0eb8423d5ed8")
        },
        "errors/json_errors_no_text_200.json": { Request<Void>(method: .post, path: "/api/site_admin") },
        "errors/wiki_invalid_page_name_400.json": { Reddit.wikiPage("\\A", subreddit: "reddit.com") },
        "inbox/comment_replies_2025.json": { Reddit.commentReplies(page: .init(limit: 100)) },
        "inbox/compose_200.json": {
            Reddit.compose(to: .subreddit("test"), subject: "Test from Async PRAW", text: "Test content")
        },
        "inbox/del_msg_200_2025.json": { Reddit.deleteMessage("t4_2r1s1k2") },
        "inbox/inbox_mixed_t1_t4_2025.json": { Reddit.inbox(page: .init(limit: 10)) },
        "inbox/mentions_2025.json": { Reddit.mentions(page: .init(limit: 16)) },
        "inbox/message_not_yours_403_2025.json": { Reddit.messageThread("6i8om7") },
        "inbox/message_thread_parent_chain_2022.json": { Reddit.messageThread("1elxd5e") },
        "inbox/message_to_subreddit_2025.json": { Reddit.messageThread("30rhflk") },
        "inbox/read_message_200.json": { Reddit.markRead(["t1_mynkj7r", "t1_mynkie0"]) },
        "inbox/reply_to_message_t4_2025.json": { Reddit.reply(to: "t4_42oz8wy", text: "reply") },
        "inbox/sent_2025.json": { Reddit.sentMessages(page: .init(limit: 1)) },
        "inbox/unread_after_unread_message_2025.json": { Reddit.unread(page: .init(limit: 10)) },
        "inbox/unread_empty_2025.json": { Reddit.unread(page: .init(limit: 100)) },
        "inbox/unread_message_200.json": { Reddit.markUnread(["t4_30s40u5", "t1_mynqwvd"]) },
        "inbox/unread_post_replies_2025.json": { Reddit.unread(page: .init(limit: 10)) },
        "media/asset_lease_image_2025.json": { Reddit.mediaLease(filename: "test.png", mimeType: "image/png") },
        "media/s3_upload_201_xml_2025.xml": { Request<Void>(method: .post, path: "/media/s3_upload_201_xml_2025") },
        "morechildren/morechildren_400_json_2022.json": { try Reddit.moreChildren(["x"], of: "t3_n7r3uz") },
        "streams/subreddit_comments_poll1.json": { Reddit.subredditComments("askreddit", page: .init(limit: 100)) },
        "streams/subreddit_comments_poll2_before.json": {
            Reddit.subredditComments("askreddit", page: .init(before: "t1_gjo46b5", limit: 100))
        },
        "streams/subreddit_comments_poll5_before.json": {
            Reddit.subredditComments("askreddit", page: .init(before: "t1_gjo46do", limit: 100))
        },
        "streams/subreddit_comments_poll6_before_empty.json": {
            Reddit.subredditComments("askreddit", page: .init(before: "t1_gjo46ef", limit: 100))
        },
        "streams/subreddit_new_poll1.json": { Reddit.listing(.new, subreddit: "all", page: .init(limit: 100)) },
        "streams/subreddit_new_poll2_before.json": {
            Reddit.listing(.new, subreddit: "all", page: .init(before: "t3_kzj68i", limit: 100))
        },
        "streams/unread_poll_limit100_empty.json": { Reddit.unread(page: .init(limit: 100)) },
        "streams/unread_poll_limit99_empty.json": { Reddit.unread(page: .init(limit: 99)) },
        "things/info_t1_2020.json": { Reddit.info(["t1_cklhv0f"]) },
        "things/info_unknown_empty_2020.json": { Reddit.info(["t1_0"]) },
        "things/karma_2020.json": { Reddit.karma() },
        "things/prefs_2020.json": { Reddit.preferences() },
        "things/subreddit_rules_2020.json": { Reddit.rules(of: "test") },
        "things/wiki_page_2022.json": { Reddit.wikiPage("search", subreddit: "reddit.com") },
        "writes/comment_on_comment_2020_200.json": { Reddit.reply(to: "t1_fwxqvmr", text: "reply") },
        "writes/comment_on_post_2020_200.json": { Reddit.reply(to: "t3_hmkfma", text: "comment") },
        "writes/delete_comment_2020_200.json": { Reddit.delete("t1_fwxqvmr") },
        "writes/edit_comment_2020_200.json": { Reddit.edit("t1_fwxqvmr", text: "edited") },
        "writes/edit_error_placeholder_200.json": { Reddit.edit("t3_abc", text: "edited") },
        "writes/edit_submission_2023_200.json": { Reddit.edit("t3_z3aqja", text: "New text") },
        "writes/edit_validation_400.json": { Reddit.edit("t1_abc", text: "rewtwert") },
        "writes/submit_crosspost_2020_200.json": {
            Reddit.submitCrosspost(subreddit: "test", title: "Test Title", of: "t3_abc")
        },
        "writes/submit_error_no_videos_200.json": {
            Reddit.submitVideo(subreddit: "test", title: "Test", videoURL: "https://x/v", posterURL: "https://x/p")
        },
        "writes/submit_gallery_error_galleries_disabled_200.json": {
            Reddit.submitGallery(subreddit: "test", title: "Test", items: [GalleryUploadItem(mediaID: "x")])
        },
        "writes/submit_image_2025_200.json": {
            Reddit.submitImage(
                subreddit: "test", title: "Test",
                imageURL: "https://reddit-uploaded-media.s3-accelerate.amazonaws.com/vhu529qqcxtf1")
        },
        "writes/submit_link_2020_200.json": {
            Reddit.submitLink(subreddit: "test", title: "Test Title", url: "https://example.com")
        },
        "writes/submit_link_with_text_2025_200.json": {
            Reddit.submitLink(subreddit: "test", title: "Test Title", url: "https://example.com", text: "text")
        },
        "writes/submit_poll_2020_200.json": {
            Reddit.submitPoll(subreddit: "test", title: "Test Poll", options: ["1", "2"], durationDays: 6)
        },
        "writes/submit_self_2020_200.json": {
            Reddit.submitSelf(subreddit: "test", title: "Test Title", text: "Test text")
        },
    ]

    @Test func everyFixtureIsCovered() throws {
        let all = try Fixture.all()
        #expect(all.count >= 60)
        #expect(Set(all).subtracting(Self.requests.keys).sorted() == [])
        #expect(Set(Self.requests.keys).subtracting(all).sorted() == [])
    }

    @Test(arguments: FixtureDecodingTests.requests.keys.sorted())
    func fixtureDecodesOrYieldsTypedError(_ name: String) async throws {
        let outcome = try await Self.send(name)
        let fixture = try Fixture(name)
        switch outcome {
        case .value:
            #expect((200..<300).contains(fixture.status), "\(name) decoded although its status is \(fixture.status)")
        case .redditError(let error):
            #expect(error.status == fixture.status)
        }
    }

    /// Sends the fixture's request through a client whose transport answers with the fixture.
    static func send(_ name: String) async throws -> Outcome {
        let fixture = try Fixture(name)
        let client = try makeClient(StubTransport(fixture: fixture))
        guard let make = requests[name] else { throw Fixture.Missing(name: name) }
        do {
            return .value(try await sendAny(try make(), with: client))
        } catch let error as HTTPError {
            guard let reddit = error.redditError else {
                Issue.record("\(name): not a RedditError: \(error)")
                throw error
            }
            return .redditError(reddit)
        }
    }

    /// Opens the existential request and sends it.
    static func sendAny(_ request: any Sendable, with client: RedditClient) async throws -> Any {
        func open<Response: Sendable>(_ request: Request<Response>) async throws -> Any {
            try await client.send(request)
        }
        switch request {
        case let request as Request<Void>: return try await open(request)
        case let request as Request<Listing>: return try await open(request)
        case let request as Request<PostWithComments>: return try await open(request)
        case let request as Request<[Thing]>: return try await open(request)
        case let request as Request<Account>: return try await open(request)
        case let request as Request<Subreddit>: return try await open(request)
        case let request as Request<[Multi]>: return try await open(request)
        case let request as Request<[Trophy]>: return try await open(request)
        case let request as Request<[String]>: return try await open(request)
        case let request as Request<JSON>: return try await open(request)
        case let request as Request<TokenAnswer>: return try await open(request)
        case let request as Request<MoreChildrenAnswer>: return try await open(request)
        case let request as Request<SubmittedPost>: return try await open(request)
        case let request as Request<Thing>: return try await open(request)
        case let request as Request<Thing?>: return try await open(request)
        case let request as Request<FlairSelection>: return try await open(request)
        case let request as Request<MessageThread>: return try await open(request)
        case let request as Request<Preferences>: return try await open(request)
        case let request as Request<[SubredditKarma]>: return try await open(request)
        case let request as Request<SubredditRules>: return try await open(request)
        case let request as Request<WikiPage>: return try await open(request)
        case let request as Request<MediaLease>: return try await open(request)
        default: throw Fixture.Missing(name: "a request type for \(type(of: request))")
        }
    }

    /// The value a fixture decodes to, or a test failure.
    static func value<T>(_ name: String, as type: T.Type = T.self) async throws -> T {
        guard case .value(let value) = try await send(name), let typed = value as? T else {
            throw Fixture.Missing(name: "\(name) as \(T.self)")
        }
        return typed
    }

    /// The RedditError a fixture yields, or a test failure.
    static func error(_ name: String) async throws -> RedditError {
        guard case .redditError(let error) = try await send(name) else {
            throw Fixture.Missing(name: "\(name) as a RedditError")
        }
        return error
    }
}

/// A token endpoint answer (CourierOAuth reads these; here they only have to pass the error decoder).
struct TokenAnswer: Decodable, Sendable {
    let access_token: String
    let token_type: String
    let expires_in: Int
    let scope: String
    let refresh_token: String?

    static var request: Request<TokenAnswer> {
        Request(method: .post, path: (URL(string: "https://www.reddit.com/api/v1/access_token")!).absoluteString)
    }
}
