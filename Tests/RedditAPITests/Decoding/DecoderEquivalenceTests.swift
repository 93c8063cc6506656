import Courier
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// JSON.TapeDecoder and Foundation's JSONDecoder read every recorded response into equal models
/// (or both fail): the test fixtures, the shared fixture set and the bench's payloads.
@Suite(.ownThread) struct DecoderEquivalenceTests {
    /// How the two decoders compared on one body.
    enum Outcome: Equatable {
        case equal
        case bothThrew
        /// Only JSON.TapeDecoder threw (a `DecodingError`): it holds JSON to RFC 8259 where
        /// JSONDecoder is lenient (a trailing comma, bad bytes in a string nobody reads).
        case onlyRedditThrew
        case differ(String)
    }

    /// Decodes `data` as `T` with both decoders and compares `project` of the results.
    static func compare<T: Decodable, V: Equatable>(_ data: Data, as type: T.Type, _ project: (T) -> V) -> Outcome {
        let foundation = Result { try JSONDecoder().decode(T.self, from: data) }.map(project)
        let reddit = Result { try JSON.TapeDecoder().decode(T.self, from: data) }.map(project)
        switch (foundation, reddit) {
        case (.success(let expected), .success(let actual)):
            return expected == actual ? .equal : .differ("\(T.self): different values")
        case (_, .failure(let error)) where !(error is DecodingError):
            return .differ("\(T.self): JSON.TapeDecoder threw \(Swift.type(of: error)), not a DecodingError: \(error)")
        case (.failure, .failure):
            return .bothThrew
        case (.success, .failure):
            return .onlyRedditThrew
        case (.failure(let error), .success):
            return .differ("\(T.self): only JSONDecoder threw: \(error)")
        }
    }

    /// A fixture's `.meta.json` sidecar (a JSON file in the set like any other).
    struct FixtureRecord: Decodable, Hashable {
        struct RequestRecord: Decodable, Hashable {
            let method: String
            let path: String
            let query: String?
        }
        struct ResponseRecord: Decodable, Hashable {
            let status_code: Int
            let headers: [String: String?]
            let body_bytes: Int?
        }
        let fixture: String
        let description: String?
        let request: RequestRecord
        let response: ResponseRecord
        let notes: [String]?
    }

    /// What RedditErrorDecoder keeps of an error body.
    struct ErrorSummary: Hashable {
        let message: String?
        let error: String?
        let errorDescription: String?
        let reason: String?
        let explanation: String?
        let fields: [String]?
        let apiErrors: [RedditError.APIError]?

        init(_ payload: ErrorPayload) {
            message = payload.message
            error = payload.error.map { "\($0)" }
            errorDescription = payload.errorDescription
            reason = payload.reason
            explanation = payload.explanation
            fields = payload.fields
            apiErrors = payload.apiErrors
        }
    }

    static func listing(_ data: Data) -> Outcome { compare(data, as: Listing.self) { $0 } }
    static func thread(_ data: Data) -> Outcome { compare(data, as: PostWithComments.self) { $0 } }
    static func moreChildren(_ data: Data) -> Outcome { compare(data, as: MoreChildrenAnswer.self) { $0.things } }
    static func errorBody(_ data: Data) -> Outcome { compare(data, as: ErrorPayload.self, ErrorSummary.init) }
    static func tokenAnswer(_ data: Data) -> Outcome { compare(data, as: TokenAnswer.self) { "\($0)" } }
    static func editedThing(_ data: Data) -> Outcome { compare(data, as: EditedThingAnswer.self) { $0.thing } }
    static func submitted(_ data: Data) -> Outcome { compare(data, as: SubmitAnswer.self) { $0.post } }
    /// Bodies with no model of their own are compared as plain JSON values.
    static func json(_ data: Data) -> Outcome { compare(data, as: JSON.self) { $0 } }

    /// The model RedditAPI reads each body as (see ``FixtureDecodingTests/requests``), by file name.
    static let models: [String: @Sendable (Data) -> Outcome] = [
        "comment_reply_200.json": moreChildren,
        "save_200.json": errorBody,
        "submit_selftext_200.json": errorBody,
        "subscribe_200.json": errorBody,
        "unsave_200.json": errorBody,
        "vote_200.json": errorBody,
        "token_authorization_code_invalid_code_invalid_grant_200.json": tokenAnswer,
        "token_authorization_code_permanent_200.json": tokenAnswer,
        "token_client_credentials_2026_200.json": tokenAnswer,
        "token_endpoint_rate_limited_429.json": tokenAnswer,
        "token_installed_client_200.json": tokenAnswer,
        "token_password_grant_200.json": tokenAnswer,
        "token_password_grant_invalid_otp_invalid_grant_200.json": tokenAnswer,
        "token_password_grant_unauthorized_client_200.json": tokenAnswer,
        "token_refresh_grant_200.json": tokenAnswer,
        "token_refresh_grant_invalid_token_400.json": tokenAnswer,
        "comments_2gmzqe_small.json": thread,
        "comments_3hahrw_limit10_more.json": thread,
        "comments_context_sort_new_limit4.json": thread,
        "comments_crosspost_nsfw.json": thread,
        "comments_deleted_authors.json": thread,
        "comments_gallery_2025.json": thread,
        "comments_inline_media_edited_2022.json": thread,
        "explanation_user_doesnt_exist_400.json": errorBody,
        "forbidden_403_legacy.json": errorBody,
        "forbidden_403_message_2020.json": errorBody,
        "insufficient_scope_403.json": errorBody,
        "internal_server_error_500.json": errorBody,
        "invalid_token_401_json.json": errorBody,
        "json_errors_bad_username_200.json": errorBody,
        "json_errors_subreddit_exists_200.json": errorBody,
        "not_found_404.json": errorBody,
        "submit_validation_400.json": errorBody,
        "wiki_page_not_found_404.json": errorBody,
        "front_hot.json": listing,
        "listing_empty.json": listing,
        "subreddit_hot_askreddit.json": listing,
        "subreddit_new_all_before.json": listing,
        "subreddit_new_askreddit.json": listing,
        "subreddit_top_all_askreddit.json": listing,
        "user_overview_top_page1.json": listing,
        "user_overview_top_page2_after.json": listing,
        "morechildren_small.json": moreChildren,
        "morechildren_with_more_and_deleted.json": moreChildren,
        "search_r_all.json": listing,
        "search_reddit_names.json": { compare($0, as: SubredditNames.self) { $0.names } },
        "me_2016.json": { compare($0, as: Account.self) { $0 } },
        "message_thread_t4_2025.json": listing,
        "multi_mine.json": { compare($0, as: [Wrapped<Multi>].self) { $0.map(\.value) } },
        "subreddit_about_announcements.json": { compare($0, as: Wrapped<Subreddit>.self) { $0.value } },
        "subreddits_mine_subscriber.json": listing,
        "user_about_other_2025.json": { compare($0, as: Wrapped<Account>.self) { $0.value } },
        "user_trophies_spez.json": { compare($0, as: Wrapped<TrophyList>.self) { $0.value.trophies } },
        "user_comments_new.json": listing,
        "user_saved.json": listing,
        "user_submitted_new.json": listing,
        // Writes, inbox, streams, media and other reads (issue 19).
        "flairselector_newlink_2021.json": { compare($0, as: FlairSelection.self) { $0 } },
        "hide_multiple_2026.json": errorBody,
        "report_2020.json": errorBody,
        "selectflair_2020.json": errorBody,
        "json_errors_no_text_200.json": errorBody,
        "wiki_invalid_page_name_400.json": errorBody,
        "comment_replies_2025.json": listing,
        "compose_200.json": errorBody,
        "del_msg_200_2025.json": errorBody,
        "inbox_mixed_t1_t4_2025.json": listing,
        "mentions_2025.json": listing,
        "message_not_yours_403_2025.json": errorBody,
        "message_thread_parent_chain_2022.json": listing,
        "message_to_subreddit_2025.json": listing,
        "read_message_200.json": errorBody,
        "reply_to_message_t4_2025.json": editedThing,
        "sent_2025.json": listing,
        "unread_after_unread_message_2025.json": listing,
        "unread_empty_2025.json": listing,
        "unread_message_200.json": errorBody,
        "unread_post_replies_2025.json": listing,
        "asset_lease_image_2025.json": { compare($0, as: MediaLease.self) { $0 } },
        "morechildren_400_json_2022.json": errorBody,
        "subreddit_comments_poll1.json": listing,
        "subreddit_comments_poll2_before.json": listing,
        "subreddit_comments_poll5_before.json": listing,
        "subreddit_comments_poll6_before_empty.json": listing,
        "subreddit_new_poll1.json": listing,
        "subreddit_new_poll2_before.json": listing,
        "unread_poll_limit100_empty.json": listing,
        "unread_poll_limit99_empty.json": listing,
        "info_t1_2020.json": listing,
        "info_unknown_empty_2020.json": listing,
        "karma_2020.json": { compare($0, as: KarmaList.self) { $0.data } },
        "prefs_2020.json": { compare($0, as: Preferences.self) { $0 } },
        "subreddit_rules_2020.json": { compare($0, as: SubredditRules.self) { $0 } },
        "wiki_page_2022.json": { compare($0, as: Wrapped<WikiPage>.self) { $0.value } },
        "comment_on_comment_2020_200.json": editedThing,
        "comment_on_post_2020_200.json": editedThing,
        "delete_comment_2020_200.json": errorBody,
        "edit_comment_2020_200.json": editedThing,
        "edit_error_placeholder_200.json": errorBody,
        "edit_submission_2023_200.json": editedThing,
        "edit_validation_400.json": errorBody,
        "submit_crosspost_2020_200.json": submitted,
        "submit_error_no_videos_200.json": errorBody,
        "submit_gallery_error_galleries_disabled_200.json": errorBody,
        "submit_image_2025_200.json": submitted,
        "submit_link_2020_200.json": submitted,
        "submit_link_with_text_2025_200.json": submitted,
        "submit_poll_2020_200.json": submitted,
        "submit_self_2020_200.json": submitted,
    ]

    /// The package's root folder (this file is `Tests/RedditAPITests/Decoding/…`).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The shared fixture set, `shared/fixtures/reddit` beside the repository, when the checkout has it.
    static var sharedFixtures: URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/reddit").standardizedFileURL
    }

    /// The bench's payloads, in this checkout.
    static var benchFixtures: URL { packageRoot.appendingPathComponent("Benchmarks/fixtures/reddit") }

    /// Every JSON file under the three roots, recursively (not the PRAW recordings).
    static func jsonFiles() throws -> [String] {
        var roots = [try Fixture.root, benchFixtures]
        if FileManager.default.fileExists(atPath: sharedFixtures.path) { roots.append(sharedFixtures) }
        var files: [String] = []
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker {
                // The PRAW recordings are decoded through their routes (PRAWRecordingTests,
                // RtvRecordingTests).
                if ["praw", "praw-handwritten", "rtv"].contains(url.lastPathComponent) { walker.skipDescendants() }
                if url.pathExtension == "json" { files.append(url.path) }
            }
        }
        return files.sorted()
    }

    @Test func everyFileIsFoundAndHasAModel() throws {
        let files = try Self.jsonFiles()
        // 56 bodies and 56 sidecars in the test fixtures, 2 + 2 in the bench's (more with the shared set).
        #expect(files.count >= 116)
        let bodies = files.map { URL(fileURLWithPath: $0).lastPathComponent }.filter { !$0.hasSuffix(".meta.json") }
        #expect(Set(bodies).subtracting(Self.models.keys).sorted() == [])
    }

    @Test(arguments: try DecoderEquivalenceTests.jsonFiles())
    func bothDecodersAgree(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasSuffix(".meta.json") {
            #expect(Self.compare(data, as: FixtureRecord.self) { $0 } == .equal, "\(path)")
            return
        }
        let model = try #require(Self.models[name], "no model for \(name)")
        let outcome = model(data)
        #expect(outcome == .equal || outcome == .bothThrew, "\(path)")
        // Token answers that are errors fail as TokenAnswer; everything else must decode.
        if !name.hasPrefix("token_") { #expect(outcome == .equal, "\(path)") }
        // RedditErrorDecoder reads any body as an error payload.
        let asError = Self.errorBody(data)
        #expect(asError == .equal || asError == .bothThrew, "\(path)")
    }

    @Test func theBenchListingDecodesToWhatJSONDecoderGives() throws {
        let data = try Data(contentsOf: Self.benchFixtures.appendingPathComponent("front_hot.json"))
        let listing = try JSON.TapeDecoder().decode(Listing.self, from: data)
        #expect(listing == (try JSONDecoder().decode(Listing.self, from: data)))
        #expect(listing.links.count == 100)
        #expect(listing.links.contains { $0.edited != .never })
    }
}
