import Courier
import Foundation

/// The post an image, video or gallery submit created, and how sure it is
/// (``RedditClient/submitImage(subreddit:title:image:text:options:deadline:)``).
///
/// Reddit answers an image or video submit before the post exists; it announces the post on the
/// upload's WebSocket once the media is processed. When it does, the post is ``confirmed(_:)``;
/// when the socket stays silent until the deadline, the newest post of the account's submitted
/// page stands in for it, ``guessed(_:)``; when that page has no post either, the submit's own
/// answer is returned as ``unknown(_:)`` (the post may still appear: do not submit again).
public enum MediaSubmission: Sendable, Hashable {
    /// Reddit said on the socket (or in the submit's answer) which post was created.
    case confirmed(SubmittedPost)
    /// The socket said nothing in time: the newest post of the account's submitted page, most
    /// likely the new one, but not certainly (a post made at the same moment elsewhere wins).
    case guessed(SubmittedPost)
    /// Neither the socket nor the submitted page named a post: the submit's answer as Reddit
    /// sent it (``SubmittedPost/websocketURL``, ``SubmittedPost/userSubmittedPage``).
    case unknown(SubmittedPost)

    /// How long a submit waits for Reddit's message on the upload's socket unless told: 30 s.
    public static let defaultDeadline: Duration = .seconds(30)

    /// The post, whichever way it was found.
    public var post: SubmittedPost {
        switch self {
        case .confirmed(let post), .guessed(let post), .unknown(let post): post
        }
    }

    /// Whether the post is a guess or unknown rather than confirmed by Reddit.
    public var isGuess: Bool {
        if case .confirmed = self { false } else { true }
    }
}

/// One message on a media upload's socket: `{"type": "success", "payload": {"redirect": URL}}`
/// or `{"type": "failed", "payload": {"message": …}}`; other types are not about the post.
enum MediaSocketMessage: Equatable {
    case success(redirect: String)
    case failed(message: String)

    private struct Envelope: Decodable {
        struct Payload: Decodable {
            var redirect: String?
            var message: String?
        }
        var type: String
        var payload: Payload?
    }

    /// The message in `text`; nil for another type or a text that is not such a message.
    init?(_ text: String) {
        guard let envelope = try? JSON.TapeDecoder().decode(Envelope.self, from: Data(text.utf8)) else { return nil }
        switch envelope.type {
        case "success":
            guard let redirect = envelope.payload?.redirect else { return nil }
            self = .success(redirect: redirect)
        case "failed":
            self = .failed(message: envelope.payload?.message ?? "")
        default:
            return nil
        }
    }
}

extension SubmittedPost {
    /// The post at `url` (`https://www.reddit.com/r/SUB/comments/ID/slug/`): its fullname read from
    /// the path's `comments/ID`, nil when the path has none.
    init(postURL url: String) {
        let parts = (URL(string: url)?.path ?? "").split(separator: "/").map(String.init)
        let id = parts.firstIndex(of: "comments").flatMap { parts.index(after: $0) < parts.count ? parts[$0 + 1] : nil }
        self.init(name: id.map { Fullname(kind: .link, id: $0) }, url: url)
    }
}
