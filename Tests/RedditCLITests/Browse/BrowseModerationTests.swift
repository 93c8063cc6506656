import Courier
import CourierTesting
import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The moderator's screens of `browse`, driven key by key over the offline recordings, and the
/// request each moderator's key sends online (checked against PRAW's: the same endpoint and form
/// fields, plus `api_type=json`, which every write of RedditAPI adds).
@Suite struct BrowseModerationTests {
    private static let userAgent = "linux:dev.courier.reddit-cli-tests:1.0 (by /u/courier-tests)"
    private static let json: HTTPHeaders = ["Content-Type": "application/json; charset=UTF-8"]

    private func offlineService() throws -> RedditService {
        var service = ServiceFactory.offline(
            userAgent: try UserAgent(Self.userAgent), transport: try OfflineBrowse.transport.get())
        service.sendsWrites = false  // as `reddit --offline` sets it
        return service
    }

    private func session(_ service: RedditService) -> BrowseSession {
        BrowseSession(
            service: service, options: BrowseOptions(), style: TextStyle(isEnabled: false), sourceLabel: "test")
    }

    private func emptyFront() -> BrowseState {
        BrowseState(root: .init(title: "front page", posts: [], after: nil, listing: nil), sourceLabel: "test")
    }

    /// Runs the moderator's work `effect` asks for; fails the test for any other effect.
    private func run(_ effect: BrowseState.Effect?, _ session: BrowseSession, _ state: inout BrowseState)
        async throws
    {
        guard case .moderator(let work) = effect else {
            Issue.record("expected a moderator's effect, got \(String(describing: effect))")
            return
        }
        try await session.moderate(work, on: &state)
    }

    /// The screen the menu's entry `key` opens, offline, the menu being for `subreddit`.
    private func fromMenu(_ key: Character, subreddit: String? = nil) async throws -> (BrowseState, BrowseSession) {
        let session = session(try offlineService())
        var state = emptyFront()
        try await run(.moderator(.menu(subreddit: subreddit)), session, &state)
        try await run(state.handle(.character(key)), session, &state)
        return (state, session)
    }

    private func screen(_ state: BrowseState) -> [String] {
        BrowseScreen(style: TextStyle(isEnabled: false), columns: 100, rows: 30, now: Date()).lines(for: state)
    }

    /// The recorded mod queue of r/TEST_SUBREDDIT, opened from the front page with M then 1.
    private func recordedQueue() async throws -> (BrowseState, BrowseSession) {
        let session = session(try offlineService())
        var state = emptyFront()
        try await run(state.handle(.character("M")), session, &state)
        guard case .menu(let menu) = state.moderationView else {
            Issue.record("M did not open the menu: \(String(describing: state.status))")
            return (state, session)
        }
        #expect(menu.moderated == ["TEST_SUBREDDIT", "u_USERNAME"])
        #expect(menu.subreddit == "TEST_SUBREDDIT", "offline the menu starts on the recorded subreddit")
        #expect(state.handle(.character("1")) == .moderator(.queue(.modQueue, subreddit: "TEST_SUBREDDIT", after: nil)))
        try await run(.moderator(.queue(.modQueue, subreddit: "TEST_SUBREDDIT", after: nil)), session, &state)
        return (state, session)
    }

    @Test func mOpensTheMenuAndTheQueueShowsEachItemsReports() async throws {
        let (state, _) = try await recordedQueue()
        guard case .queue(let queue) = state.moderationView else {
            Issue.record("no queue: \(String(describing: state.status))")
            return
        }
        #expect(queue.items.count == 7)
        #expect(queue.items.first?.name == "t3_byazz9")
        #expect(queue.items.first?.details.moderatorReports == [.init(reason: "report", moderator: "TEST_SUBREDDIT")])
        let lines = screen(state)
        #expect(lines[0].contains("r/TEST_SUBREDDIT · mod queue"))
        // Padded to the page's widest kind, author and subreddit, so the columns line up.
        #expect(lines[1].hasPrefix("> post    · u/SuzyModQ · r/TEST_SUBREDDIT · "))
        #expect(lines[1].contains("1 report"))
        #expect(lines[3] == "│ reports: u/TEST_SUBREDDIT: \"report\"")
    }

    @Test func usersReportsShowTheirCountAndAMissingReason() async throws {
        let (state, _) = try await fromMenu("2")
        guard case .queue(let queue) = state.moderationView else {
            Issue.record("no reports: \(String(describing: state.status))")
            return
        }
        #expect(queue.queue == .reports)
        let post = try #require(queue.items.first { $0.name == "t3_31ybt2" })
        #expect(post.details.userReports == [.init(reason: nil, count: 1)])
        #expect(screen(state).contains("  reports: 1× (no reason)"))
    }

    @Test func aRemovalAfterAnApprovalReplacesItsMark() async throws {
        var (state, session) = try await recordedQueue()
        try await run(state.handle(.character("a")), session, &state)
        #expect(screen(state)[1].contains("[approved]"))
        state.didModerate(.remove("t3_byazz9", reason: nil))
        #expect(screen(state)[1].contains("[removed]"))
        #expect(!screen(state)[1].contains("[approved]"), "one verdict: \(screen(state)[1])")
        state.didModerate(.approve("t3_byazz9"))
        #expect(screen(state)[1].contains("[approved]") && !screen(state)[1].contains("[removed"))
    }

    @Test func approveAndRemoveWithAPickedReasonSayWhatTheyWouldSendOffline() async throws {
        var (state, session) = try await recordedQueue()
        try await run(state.handle(.character("a")), session, &state)
        #expect(state.status == "offline, not sent: POST /api/approve api_type=json&id=t3_byazz9")
        #expect(screen(state)[1].contains("[approved]"))

        _ = state.handle(.character("j"))
        let remove = state.handle(.character("R"))
        #expect(remove == .moderator(.removalReasons(subreddit: "TEST_SUBREDDIT", item: "t1_da2g5y6")))
        try await run(remove, session, &state)
        guard case .reasons(let picker) = state.moderationView else {
            Issue.record("no removal reasons: \(String(describing: state.status))")
            return
        }
        #expect(picker.reasons.map(\.title) == ["test", "bruh"])
        #expect(screen(state).contains("  2  bruh  dfgfdsggergthh54hrt6eghtdehteg"))
        let bruh = picker.reasons[1]
        let chosen = state.handle(.character("2"))
        #expect(chosen == .moderator(.act(.remove("t1_da2g5y6", reason: bruh))))
        try await run(chosen, session, &state)
        let status = try #require(state.status)
        #expect(
            status.hasPrefix(
                "offline, not sent: POST /api/remove api_type=json&id=t1_da2g5y6&spam=false, "
                    + "then POST /api/v1/modactions/removal_reasons api_type=json&json="))
        #expect(status.contains(#""reason_id":"14w04ir36i07n""#))
        #expect(screen(state)[4].contains("[removed: bruh]"))
        #expect(screen(state).suffix(2).count { !$0.isEmpty } <= 2, "the status takes at most two lines")

        // The reasons are kept: R again shows them at once; Esc goes back without removing.
        #expect(state.handle(.character("R")) == nil)
        guard case .reasons = state.moderationView else {
            Issue.record("R did not show the kept reasons")
            return
        }
        #expect(state.handle(.escape) == nil)
        #expect(state.status == "not removed")
        guard case .queue = state.moderationView else {
            Issue.record("Esc did not go back to the queue")
            return
        }
    }

    @Test func lockAndDistinguishToggleAndSpamRemovesAsSpam() async throws {
        var (state, session) = try await recordedQueue()
        #expect(state.handle(.character("L")) == .moderator(.act(.lock("t3_byazz9", true))))
        try await run(.moderator(.act(.lock("t3_byazz9", true))), session, &state)
        #expect(state.status == "offline, not sent: POST /api/lock api_type=json&id=t3_byazz9")
        #expect(state.handle(.character("L")) == .moderator(.act(.lock("t3_byazz9", false))), "L again unlocks")
        #expect(state.handle(.character("D")) == .moderator(.act(.distinguish("t3_byazz9", true))))
        try await run(.moderator(.act(.distinguish("t3_byazz9", true))), session, &state)
        #expect(state.status == "offline, not sent: POST /api/distinguish api_type=json&how=yes&id=t3_byazz9")
        #expect(state.handle(.character("D")) == .moderator(.act(.distinguish("t3_byazz9", false))))
        #expect(state.handle(.character("S")) == .moderator(.act(.spam("t3_byazz9"))))
        try await run(.moderator(.act(.spam("t3_byazz9"))), session, &state)
        #expect(state.status == "offline, not sent: POST /api/remove api_type=json&id=t3_byazz9&spam=true")
        #expect(screen(state)[1].contains("[locked] [distinguished] [spam]"))
    }

    @Test func theModeratorsKeysMeanNothingOutsideTheModeratorsScreens() throws {
        let post = try JSONDecoder().decode(
            Link.self, from: Data(#"{"id":"abc","name":"t3_abc","title":"A post","subreddit":"swift"}"#.utf8))
        var state = BrowseState(
            root: .init(title: "front page", posts: [post], after: nil, listing: nil), sourceLabel: "test")
        for key in ["a", "S", "L", "D"] {
            #expect(state.handle(.character(Character(key))) == nil, "\(key) on the front page")
        }
        // `mod` at the r prompt opens the menu of every subreddit the user moderates.
        _ = state.handle(.character("r"))
        for character in "mod" { _ = state.handle(.character(character)) }
        #expect(state.handle(.enter) == .moderator(.menu(subreddit: "mod")))
    }

    @Test func modmailListsTheRecordedConversationsAndRReplies() async throws {
        var (state, session) = try await fromMenu("4")
        guard case .modmail(let list) = state.moderationView else {
            Issue.record("no modmail: \(String(describing: state.status))")
            return
        }
        #expect(list.conversations.map(\.id) == ["g46rw", "ff1r8", "faj6z", "p1pc", "ik72"])
        _ = state.handle(.character("j"))
        _ = state.handle(.character("j"))
        #expect(state.handle(.character("r")) == .write(.modmailReply(conversation: "faj6z")))
        #expect(state.handle(.enter) == nil)
        guard case .conversation(let open) = state.moderationView else {
            Issue.record("Enter did not open the conversation")
            return
        }
        #expect(open.id == "faj6z")
        #expect(screen(state).contains("  r/Lil_Spaz · faj6z · 3 messages"))
        let outcome = try await TextWrite.modmailReply(conversation: "faj6z").send("Thanks", through: session.service)
        #expect(
            outcome
                == .notSent(
                    "POST /api/mod/conversations/faj6z api_type=json&body=Thanks&isAuthorHidden=false&isInternal=false")
        )
    }

    @Test func theModLogListsItsEntries() async throws {
        let (state, _) = try await fromMenu("5", subreddit: "username")
        guard case .log(let log) = state.moderationView else {
            Issue.record("no log: \(String(describing: state.status))")
            return
        }
        #expect(log.entries.map(\.action) == ["adjust_post_crowd_control_level"])
        #expect(screen(state).contains { $0.hasPrefix(">") && $0.contains("adjust_post_crowd_control_level") })
    }

    // MARK: online: what each key sends

    @Test func eachModeratorsKeySendsPRAWsRequest() async throws {
        let stub = StubTransport()
        for path in ["/api/approve", "/api/remove", "/api/v1/modactions/removal_reasons", "/api/lock", "/api/unlock"] {
            stub.on(.post, .path(path), .string("{}", headers: Self.json))
        }
        stub.on(.post, .path("/api/distinguish"), .string(#"{"json":{"errors":[]}}"#, headers: Self.json))
        stub.on(
            .post, .path("/api/mod/conversations/faj6z"),
            .string(#"{"conversation":{"id":"faj6z"},"messages":{}}"#, headers: Self.json))
        let service = RedditService(
            userAgent: try UserAgent(Self.userAgent), authentication: .bearer("mod-token"), transport: stub)
        let session = session(service)
        var state = emptyFront()
        let reason = try JSONDecoder().decode(
            RemovalReason.self, from: Data(#"{"id":"15kbmgmhm6mxo","title":"Rule 2","message":"No spam"}"#.utf8))
        let actions: [BrowseState.ModeratorAction] = [
            .approve("t3_a"), .remove("t1_b", reason: reason), .spam("t3_c"), .lock("t3_d", true), .lock("t3_d", false),
            .distinguish("t1_e", true), .distinguish("t1_e", false),
        ]
        for action in actions {
            try await session.moderate(.act(action), on: &state)
            #expect(state.status == action.mark, "\(action) was sent: \(String(describing: state.status))")
        }
        #expect(try await TextWrite.modmailReply(conversation: "faj6z").send("Thanks", through: service) == .sent)
        let requests = stub.requests
        #expect(requests.allSatisfy { $0.method == .post && $0.headers["Authorization"] == "bearer mod-token" })
        #expect(
            requests.map(\.url.path) == [
                "/api/approve", "/api/remove", "/api/v1/modactions/removal_reasons", "/api/remove", "/api/lock",
                "/api/unlock", "/api/distinguish", "/api/distinguish", "/api/mod/conversations/faj6z",
            ])
        let forms = requests.map(FormFields.of)
        #expect(forms[0] == ["api_type": "json", "id": "t3_a"])
        #expect(forms[1] == ["api_type": "json", "id": "t1_b", "spam": "false"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data((forms[2]["json"] ?? "").utf8)) as? [String: Any])
        #expect(document["item_ids"] as? [String] == ["t1_b"])
        #expect(document["reason_id"] as? String == "15kbmgmhm6mxo")
        #expect(forms[3] == ["api_type": "json", "id": "t3_c", "spam": "true"])
        #expect(forms[4] == ["api_type": "json", "id": "t3_d"])
        #expect(forms[5] == ["api_type": "json", "id": "t3_d"])
        #expect(forms[6] == ["api_type": "json", "how": "yes", "id": "t1_e"])
        #expect(forms[7] == ["api_type": "json", "how": "no", "id": "t1_e"])
        #expect(forms[8] == ["api_type": "json", "body": "Thanks", "isAuthorHidden": "false", "isInternal": "false"])
    }

    @Test func reportsAreReadFromTheListingAndOddEntriesAreLeftOut() {
        let body = Data(
            #"""
            {"kind":"Listing","data":{"children":[{"kind":"t1","data":{"name":"t1_x","locked":true,
            "user_reports":[["spam",2,false,false],[null,1],["broken"]],"mod_reports":[["rule 3","alice"],[null]]}}]}}
            """#.utf8)
        let details = ModerationDetails.byName(inListing: body)["t1_x"]
        #expect(details?.userReports == [.init(reason: "spam", count: 2), .init(reason: nil, count: 1)])
        #expect(details?.moderatorReports == [.init(reason: "rule 3", moderator: "alice")])
        #expect(details?.isLocked == true)
        #expect(details?.reportCount == 4)
        let renderer = ModQueueRenderer(style: TextStyle(isEnabled: false), width: 80, now: Date())
        #expect(
            details.flatMap(renderer.reports) == #"reports: 2× "spam" · 1× (no reason) · u/alice: "rule 3""#)
        #expect(ModerationDetails.byName(inListing: Data("not json".utf8)).isEmpty)
    }
}
