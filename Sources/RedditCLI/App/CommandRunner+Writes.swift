import Courier
import Foundation
import RedditAPI

/// The writing, inbox and stream commands.
extension CommandRunner {
    /// Runs `command` if it is one of these; false otherwise.
    func runWriteCommand(_ command: Command) async throws(CLIError) -> Bool {
        switch command {
        case .reply(let fullname, let text):
            try await write(.reply(to: Fullname(fullname)), text: text)
        case .edit(let fullname, let text):
            try await write(.edit(Fullname(fullname)), text: text)
        case .delete(let fullname):
            let outcome = try await load { () async throws(CLIError) in try await service.delete(Fullname(fullname)) }
            report(outcome, done: "deleted \(fullname)")
        case .message(let options):
            try await write(.message(options), text: options.text)
        case .submit(let options):
            var text: String?
            if case .text(let given) = options.content { text = given }
            try await write(.submit(options), text: text)
        case .inbox(let section, let page):
            let listing = try await load { () async throws(CLIError) in
                try await service.inbox(section, page: page)
            }
            try print(listing) {
                InboxRenderer(style: style, now: now).render(
                    listing.value, nextPageCommand: "reddit \(offline ? "--offline " : "")inbox \(section.rawValue)")
            }
        case .markRead(let fullnames):
            let outcome = try await load { () async throws(CLIError) in
                try await service.markRead(fullnames.map { Fullname($0) })
            }
            report(outcome, done: fullnames.isEmpty ? "marked the whole inbox read" : "marked read")
        case .watch(let subreddit, let comments):
            try await watch(subreddit, comments: comments)
        case .live(let thread):
            try await followLive(thread)
        default:
            return false
        }
        return true
    }

    /// Sends `write` with `text`, else with text from the editor when it needs one; an empty
    /// text cancels (status 1, as `git commit` does).
    private func write(_ write: TextWrite, text: String?) async throws(CLIError) {
        if text == nil, let what = write.what {
            var initialText: String?
            if case .edit(let name) = write { initialText = try await currentTextToEdit(name) }
            let outcome = try await DraftStore(environment: environment).writeAndSend(
                write, what: what, editor: TextEditor(environment: environment), startingWith: initialText
            ) { written throws(CLIError) in
                try await load { () async throws(CLIError) in try await write.send(written, through: service) }
            }
            guard let outcome else { throw CLIError("empty text, nothing sent") }
            return report(outcome, done: write.done)
        }
        let outcome = try await load { () async throws(CLIError) in try await write.send(text, through: service) }
        report(outcome, done: write.done)
    }

    /// The text an edit starts from: the post's or comment's current text, once it is known to
    /// be the signed-in user's own. Offline, a thing the recording does not hold starts empty
    /// (nothing is sent).
    private func currentTextToEdit(_ name: Fullname) async throws(CLIError) -> String? {
        let current = try await load { () async throws(CLIError) in try await service.currentText(of: name) }
        guard let current else { return nil }
        let me = try await load { () async throws(CLIError) in try await service.me().value.name }
        guard current.author.caseInsensitiveCompare(me) == .orderedSame else {
            throw CLIError(
                "\(name.rawValue) is u/\(current.author)'s, not yours (u/\(me)): only your own can be edited")
        }
        return current.text
    }

    /// Prints new posts (or comments) of `subreddit` as they arrive, until interrupted. Offline
    /// there is nothing new: the recorded newest items are printed once, oldest first.
    private func watch(_ subreddit: String, comments: Bool) async throws(CLIError) {
        if offline {
            let listing = try await load { () async throws(CLIError) in
                try await service.newestItems(in: subreddit, comments: comments)
            }
            for thing in listing.children.reversed() {
                if let post = thing.link { show(post) } else if let comment = thing.comment { show(comment) }
            }
            Output.error("reddit: no more items are recorded offline (watch needs the network to see new ones)")
            return
        }
        do {
            if comments {
                for try await comment in service.client.newComments(in: subreddit) { show(comment) }
            } else {
                for try await post in service.client.newPosts(in: subreddit) { show(post) }
            }
        } catch let error as HTTPError {
            throw RedditService.describe(error)
        } catch {
            throw CLIError("watching r/\(subreddit) stopped: \(error)")
        }
    }

    private func show(_ post: Link) {
        let listing = ListingRenderer(style: style, width: width, now: now)
        Output.write(
            json
                ? Self.jsonLine(post.name.rawValue, post.author, post.title)
                : listing.line(post, columns: listing.columns(for: [post])) + "\n")
    }

    private func show(_ comment: Comment) {
        Output.write(
            json
                ? Self.jsonLine(comment.name.rawValue, comment.author, comment.body)
                : "u/\(comment.author) on \(comment.linkTitle ?? comment.linkID.rawValue): "
                    + comment.body.replacingOccurrences(of: "\n", with: " ") + "\n")
    }

    /// One JSON object on one line: the item's fullname, author and text.
    static func jsonLine(_ name: String, _ author: String, _ text: String) -> String {
        let object = ["name": name, "author": author, "text": text]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
