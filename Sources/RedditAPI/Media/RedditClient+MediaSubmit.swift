public import Courier
import Foundation

extension RedditClient {
    /// Submits an image post from an uploaded file and answers with the created post.
    ///
    /// The upload's WebSocket (``UploadedMedia/websocketURL``) is opened **before** the submit
    /// is sent, so Reddit's announcement cannot slip by between the two (PRAW's race). Reddit's
    /// `success` message names the post (``MediaSubmission/confirmed(_:)``); when nothing arrives
    /// within `deadline` of the submit's answer, or the socket cannot be opened, the newest post of
    /// the account's submitted page is returned as ``MediaSubmission/guessed(_:)``.
    ///
    /// ```swift
    /// let image = try await reddit.upload(fileAt: URL(fileURLWithPath: "cat.png"), mimeType: "image/png")
    /// let result = try await reddit.submitImage(subreddit: "test", title: "Cat", image: image)
    /// print(result.post.url ?? "", result.isGuess ? "(a guess)" : "")
    /// ```
    ///
    /// `deadline` is how long to wait for Reddit's message after the submit's answer
    /// (``MediaSubmission/defaultDeadline``, 30 s, unless set).
    ///
    /// - Throws: `HTTPError`: the submit's own failures, and a `failed` message on the socket as
    ///   a ``RedditError`` (``RedditError/Kind/reason(_:explanation:fields:)`` with
    ///   ``RedditError/mediaPostFailed`` and Reddit's message) in `HTTPError.redditError`.
    public func submitImage(
        subreddit: String, title: String, image: UploadedMedia, text: String? = nil, options: SubmitOptions = .init(),
        deadline: Duration = MediaSubmission.defaultDeadline
    ) async throws(HTTPError) -> MediaSubmission {
        try await submitMedia(
            Reddit.submitImage(subreddit: subreddit, title: title, imageURL: image.url, text: text, options: options),
            socketURL: image.websocketURL, deadline: deadline)
    }

    /// Submits a video post (a GIF-like video without sound when `isGIF`) from an uploaded video
    /// and poster image, and answers with the created post, as
    /// ``submitImage(subreddit:title:image:text:options:deadline:)`` does (the video's socket is
    /// the one listened on).
    ///
    /// - Throws: `HTTPError`, with a ``RedditError`` for a `failed` message on the socket.
    public func submitVideo(
        subreddit: String, title: String, video: UploadedMedia, posterURL: String, isGIF: Bool = false,
        text: String? = nil, options: SubmitOptions = .init(), deadline: Duration = MediaSubmission.defaultDeadline
    ) async throws(HTTPError) -> MediaSubmission {
        try await submitMedia(
            Reddit.submitVideo(
                subreddit: subreddit, title: title, videoURL: video.url, posterURL: posterURL, isGIF: isGIF, text: text,
                options: options),
            socketURL: video.websocketURL, deadline: deadline)
    }

    /// Submits a gallery of uploaded images. Reddit answers a gallery with the post itself
    /// (``MediaSubmission/confirmed(_:)``); an answer without it falls back to the newest post of
    /// the account's submitted page, as for an image.
    ///
    /// - Throws: `HTTPError`.
    public func submitGallery(
        subreddit: String, title: String, items: [GalleryUploadItem], text: String? = nil,
        options: SubmitOptions = .init()
    ) async throws(HTTPError) -> MediaSubmission {
        try await submitMedia(
            Reddit.submitGallery(subreddit: subreddit, title: title, items: items, text: text, options: options),
            socketURL: nil, deadline: .zero)
    }

    /// Opens the socket at `socketURL` (when there is one), sends `request`, then waits up to
    /// `deadline` for Reddit's message on the socket; falls back to the submitted page.
    func submitMedia(_ request: Request<SubmittedPost>, socketURL: String?, deadline: Duration)
        async throws(HTTPError) -> MediaSubmission
    {
        var socket: WebSocket? = nil
        var listenedOn = socketURL
        if let socketURL { socket = await openRedditSocket(socketURL) }
        let answer: SubmittedPost
        do {
            answer = try await send(request)
        } catch {
            if let socket { Self.closeInBackground(socket) }
            throw error
        }
        if answer.name != nil {
            if let socket { Self.closeInBackground(socket) }
            return .confirmed(answer)
        }
        if socket == nil, let late = answer.websocketURL {
            // No socket from the upload: the answer's own, opened late; the fallback covers a miss.
            socket = await openRedditSocket(late)
            listenedOn = late
        }
        if let socket {
            let message = await Self.firstMediaMessage(on: socket, deadline: deadline)
            Self.closeInBackground(socket)
            switch message {
            case .success(let redirect)?:
                return .confirmed(SubmittedPost(postURL: redirect))
            case .failed(let reason)?:
                throw HTTPError(
                    .server(
                        RedditError(
                            kind: .reason(RedditError.mediaPostFailed, explanation: reason, fields: []), status: 200,
                            message: reason)),
                    method: .get, url: listenedOn.flatMap { URL(string: $0) })
            case nil:
                break
            }
        }
        return try await newestSubmittedPost(standingFor: answer)
    }

    /// The first `success` or `failed` message on `socket`, or nil when none arrives within
    /// `deadline` or the socket ends first. The reader is cancelled at the deadline.
    private static func firstMediaMessage(on socket: WebSocket, deadline: Duration) async -> MediaSocketMessage? {
        await withTaskGroup(of: MediaSocketMessage?.self) { group in
            group.addTask {
                do {
                    for try await message in socket.messages {
                        if case .text(let text) = message, let known = MediaSocketMessage(text) { return known }
                    }
                } catch {}
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private static func closeInBackground(_ socket: WebSocket) {
        Task { await socket.close() }
    }

    /// The newest post of the account's submitted page, as a guess; the answer itself when the
    /// page is empty.
    private func newestSubmittedPost(standingFor answer: SubmittedPost) async throws(HTTPError) -> MediaSubmission {
        let user: String
        if let named = answer.userSubmittedPage.flatMap(Self.username(inSubmittedPage:)) {
            user = named
        } else {
            user = try await send(Reddit.me()).name
        }
        let page = try await send(Reddit.userSubmitted(user, sort: .new, page: PageParameters(limit: 1)))
        guard let newest = page.children.lazy.compactMap(\.link).first else { return .unknown(answer) }
        let url = newest.permalink.hasPrefix("/") ? "https://www.reddit.com" + newest.permalink : newest.permalink
        return .guessed(
            SubmittedPost(
                name: newest.name, url: url, draftsCount: answer.draftsCount, websocketURL: answer.websocketURL,
                userSubmittedPage: answer.userSubmittedPage))
    }

    /// `NAME` of `https://www.reddit.com/user/NAME/submitted/`; nil when it is not a valid name
    /// (the recordings redact it as `<USERNAME>`).
    static func username(inSubmittedPage page: String) -> String? {
        let parts = (URL(string: page)?.path ?? "").split(separator: "/")
        guard let index = parts.firstIndex(where: { $0 == "user" || $0 == "u" }), index + 1 < parts.count else {
            return nil
        }
        let name = parts[index + 1]
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_-"))
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else { return nil }
        return String(name)
    }
}

extension RedditError {
    /// The ``RedditError/Kind/reason(_:explanation:fields:)`` of a media post Reddit announced
    /// as failed on the upload's socket (`{"type": "failed"}`); the explanation is Reddit's message.
    public static let mediaPostFailed = "MEDIA_POST_FAILED"
}
