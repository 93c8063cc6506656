import Courier
import Foundation
package import RedditAPI

/// Replies, edits, deletions, messages and posts. Offline (``RedditService/sendsWrites`` false)
/// each says what it would send instead.
extension RedditService {
    @discardableResult
    package func reply(to name: Fullname, text: String) async throws(CLIError) -> WriteOutcome {
        try await queueing(.reply(to: name, text: text)) { () async throws(CLIError) in
            try await write(Reddit.reply(to: name, text: text))
        }
    }

    @discardableResult
    package func edit(_ name: Fullname, text: String) async throws(CLIError) -> WriteOutcome {
        try await queueing(.edit(name, text: text)) { () async throws(CLIError) in
            try await write(Reddit.edit(name, text: text))
        }
    }

    /// A post's or comment's current text and author, for an edit that starts from it and is
    /// allowed only on the user's own; nil when, offline, the recording does not hold it.
    package func currentText(of name: Fullname) async throws(CLIError) -> (text: String, author: String)? {
        let things: Listing
        do {
            things = try await answer(Reddit.info([name])).value
        } catch  where !sendsWrites && error.exitCode == 3 {
            return nil
        }
        for thing in things.children {
            if let post = thing.link, post.name == name { return (post.selftext, post.author) }
            if let comment = thing.comment, comment.name == name { return (comment.body, comment.author) }
        }
        throw CLIError("Reddit knows no post or comment \(name.rawValue); nothing edited")
    }

    @discardableResult
    package func delete(_ name: Fullname) async throws(CLIError) -> WriteOutcome {
        try await write(Reddit.delete(name))
    }

    @discardableResult
    package func compose(_ options: MessageOptions, text: String) async throws(CLIError) -> WriteOutcome {
        // A message to a subreddit's moderators is not kept: the outbox holds messages to users.
        var queued: OutboxWrite?
        if case .user(let name) = options.recipient {
            queued = .message(to: name, subject: options.subject, text: text)
        }
        return try await queueing(queued) { () async throws(CLIError) in
            try await write(Reddit.compose(to: options.recipient, subject: options.subject, text: text))
        }
    }

    /// Submits a post; an image is uploaded first (offline: only described).
    package func submit(_ options: SubmitCommandOptions, text: String?) async throws(CLIError) -> WriteOutcome {
        let sub = options.subreddit
        let title = options.title
        switch options.content {
        case .link(let url): return try await write(Reddit.submitLink(subreddit: sub, title: title, url: url))
        case .text: return try await write(Reddit.submitSelf(subreddit: sub, title: title, text: text ?? ""))
        case .crosspost(let post):
            return try await write(Reddit.submitCrosspost(subreddit: sub, title: title, of: Fullname(post)))
        case .image(let path):
            let file: Data
            do {
                file = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw CLIError("cannot read the image \(path): \(error.localizedDescription)")
            }
            let filename = URL(fileURLWithPath: path).lastPathComponent
            let mimeType = try Self.imageType(of: filename)
            guard sendsWrites else {
                let submit = Self.preview(
                    Reddit.submitImage(subreddit: sub, title: title, imageURL: "<the uploaded image's URL>"))
                return .notSent(
                    "\(Self.preview(Reddit.mediaLease(filename: filename, mimeType: mimeType))), "
                        + "upload \(filename) (\(file.count) bytes), \(submit)")
            }
            let result: MediaSubmission
            do {
                let media = try await client.upload(file, filename: filename, mimeType: mimeType)
                result = try await client.submitImage(subreddit: sub, title: title, image: media)
            } catch {
                throw Self.describe(error)
            }
            return .posted(url: result.post.url, isGuess: result.isGuess)
        }
    }

    /// The MIME type Reddit accepts for an image file, from its extension.
    static func imageType(of filename: String) throws(CLIError) -> String {
        switch filename.split(separator: ".").last?.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        default: throw CLIError("\(filename) is not a PNG, JPEG, GIF or WebP image")
        }
    }
}
