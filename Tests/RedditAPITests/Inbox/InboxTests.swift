import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// The inbox listings, marking read, composing and message threads, on the recorded answers.
@Suite struct InboxTests {
    typealias F = FixtureDecodingTests
    typealias W = WriteTests

    @Test func inboxMixesCommentsAndMessages() async throws {
        let (inbox, sent) = try await W.send(
            Reddit.inbox(page: .init(limit: 10)), answeredBy: "inbox/inbox_mixed_t1_t4_2025.json")
        #expect(sent.url.path == "/message/inbox" && sent.query("limit") == "10")
        let items = inbox.children.compactMap(\.message)
        #expect(items.count == 10 && inbox.after == "t1_mynqt16")
        #expect(items.filter(\.isComment).count == 6 && items.filter { !$0.isComment }.count == 4)
        let comment = try #require(items.first { $0.isComment })
        #expect(
            comment.name.kind == .comment && comment.context?.hasPrefix("/r/") == true
                && comment.context?.hasSuffix("?context=3") == true)
        #expect(comment.linkTitle != nil && comment.parentID != nil)
        let message = try #require(items.first { !$0.isComment })
        #expect(message.name.kind == .message && message.type == .other("unknown") && message.context == nil)
        #expect(message.firstMessageName == "t4_30ryob3")
    }

    @Test func unreadIsReadWithoutMarking() async throws {
        let (unread, sent) = try await W.send(
            Reddit.unread(page: .init(limit: 10)), answeredBy: "inbox/unread_after_unread_message_2025.json")
        #expect(sent.url.path == "/message/unread" && sent.query("mark") == "false")
        #expect(unread.children.compactMap(\.message).allSatisfy(\.isNew) && unread.children.count == 10)
        let (postReplies, _) = try await W.send(
            Reddit.unread(page: .init(limit: 10)), answeredBy: "inbox/unread_post_replies_2025.json")
        #expect(postReplies.children.compactMap(\.message).contains { $0.type == .postReply })
        let (empty, _) = try await W.send(Reddit.unread(), answeredBy: "inbox/unread_empty_2025.json")
        #expect(empty.children.isEmpty && empty.after == nil)
    }

    @Test func mentionsRepliesAndSent() async throws {
        let (mentions, mentionsSent) = try await W.send(
            Reddit.mentions(page: .init(limit: 16)), answeredBy: "inbox/mentions_2025.json")
        #expect(mentionsSent.url.path == "/message/mentions")
        #expect(
            mentions.children.count == 16
                && mentions.children.compactMap(\.message).allSatisfy { $0.type == .usernameMention && $0.isComment })
        let (replies, repliesSent) = try await W.send(
            Reddit.commentReplies(), answeredBy: "inbox/comment_replies_2025.json")
        #expect(repliesSent.url.path == "/message/comments")
        #expect(replies.children.compactMap(\.message).map(\.type) == [.commentReply])
        let (sent, sentSent) = try await W.send(
            Reddit.sentMessages(page: .init(limit: 1)), answeredBy: "inbox/sent_2025.json")
        #expect(sentSent.url.path == "/message/sent")
        let message = try #require(sent.children.first?.message)
        #expect(message.firstMessageName == "t4_30ru7t9" && !message.isComment)
        #expect(Reddit.messages().path == "/message/messages" && Reddit.postReplies().path == "/message/selfreply")
    }

    @Test func markReadUnreadAllComposeAndDelete() async throws {
        let ids: [Fullname] = ["t4_30s40u5", "t4_30ryob3", "t1_mynqwvd", "t1_mynqw2i"]
        let (_, unread) = try await W.send(Reddit.markUnread(ids), answeredBy: "inbox/unread_message_200.json")
        #expect(
            unread.url.path == "/api/unread_message"
                && unread.form["id"] == "t4_30s40u5,t4_30ryob3,t1_mynqwvd,t1_mynqw2i")
        let (_, read) = try await W.send(Reddit.markRead(ids), answeredBy: "inbox/read_message_200.json")
        #expect(read.url.path == "/api/read_message" && read.form["id"]?.split(separator: ",").count == 4)

        let accepted = StubTransport { request in
            HTTPResponse(
                statusCode: 202, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), url: request.url)
        }
        try await makeClient(accepted).send(Reddit.markAllRead())
        #expect(accepted.requests.first?.url.path == "/api/read_all_messages")

        let (_, toSubreddit) = try await W.send(
            Reddit.compose(to: .subreddit("test"), subject: "Hi", text: "Body"), answeredBy: "inbox/compose_200.json")
        #expect(
            toSubreddit.url.path == "/api/compose" && toSubreddit.form["to"] == "#test"
                && toSubreddit.form["subject"] == "Hi")
        let (_, toUser) = try await W.send(
            Reddit.compose(to: .user("spez"), subject: "Hi", text: "Body", fromSubreddit: "mods"),
            answeredBy: "inbox/compose_200.json")
        #expect(toUser.form["to"] == "spez" && toUser.form["from_sr"] == "mods")

        let (_, deleted) = try await W.send(
            Reddit.deleteMessage("t4_2r1s1k2"), answeredBy: "inbox/del_msg_200_2025.json")
        #expect(deleted.url.path == "/api/del_msg" && deleted.form["id"] == "t4_2r1s1k2")
    }

    @Test func threadWithParentLinksIsAChain() async throws {
        let (thread, sent) = try await W.send(
            Reddit.messageThread("t4_1elxd5e"), answeredBy: "inbox/message_thread_parent_chain_2022.json")
        #expect(sent.url.path == "/message/messages/1elxd5e")
        #expect(thread.root.name == "t4_1elxd0b" && thread.root.replies == nil)
        #expect(thread.messages.map(\.name.rawValue) == ["t4_1elxd0b", "t4_1elxd5e", "t4_1elxdlc"])
        #expect(thread.depths == [0, 1, 2])
        #expect(thread.replies(to: "t4_1elxd5e").map(\.name) == ["t4_1elxdlc"])
    }

    @Test func threadWithoutParentLinksHangsUnderTheRootByTime() async throws {
        let thread = try await F.value("things/message_thread_t4_2025.json", as: MessageThread.self)
        #expect(thread.root.name == "t4_2r1s1k2" && thread.root.destination == "Lil_SpazBot")
        #expect(thread.messages.count == 6 && thread.depths == [0, 1, 1, 1, 1, 1])
        #expect(thread.messages.dropFirst().map(\.created) == thread.messages.dropFirst().map(\.created).sorted())
        #expect(thread.messages.dropFirst().allSatisfy { $0.firstMessageName == "t4_2r1s1k2" })
        #expect(thread.messages.last?.name == "t4_2r1z34f")
    }

    @Test func messageToASubredditAndAnotherAccountsMessage() async throws {
        let thread = try await F.value("inbox/message_to_subreddit_2025.json", as: MessageThread.self)
        #expect(
            thread.root.destination == "#Lil_SpazJoekp" && thread.root.subreddit == "Lil_SpazJoekp"
                && thread.messages.count == 1)
        let forbidden = try await F.error("inbox/message_not_yours_403_2025.json")
        #expect(forbidden.status == 403 && forbidden.kind == .status && forbidden.message == "Forbidden")
    }

    @Test func anEmptyThreadAnswerIsATypedError() async throws {
        let (empty, _) = try await W.send(Reddit.unread(), answeredBy: "inbox/unread_empty_2025.json")
        #expect(throws: MessageThread.EmptyThread.self) { try MessageThread(empty) }
    }
}
