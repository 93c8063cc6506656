public import Courier
public import Foundation

extension SubredditModeration {
    // MARK: Emoji

    /// Adds an emoji: a lease from Reddit, the image to the lease's bucket (through
    /// `uploadTransport`, without the Reddit token), then the emoji under the uploaded key.
    /// Nothing is retried: if the last call fails, the image is uploaded but no emoji made.
    public func addEmoji(
        named name: String, image: Data, filename: String, mimeType: String, modFlairOnly: Bool? = nil,
        postFlairAllowed: Bool? = nil, userFlairAllowed: Bool? = nil,
        uploadTransport: any HTTPTransport = HTTPClient.defaultTransport
    ) async throws(HTTPError) {
        let (lease, _) = try await client.upload(
            .data(image), filename: filename, mimeType: mimeType,
            lease: Reddit.emojiLease(filename: filename, mimeType: mimeType, in: subreddit),
            uploadTransport: uploadTransport)
        try await client.send(
            Reddit.addEmoji(
                named: name, imageKey: lease.key, in: subreddit, modFlairOnly: modFlairOnly,
                postFlairAllowed: postFlairAllowed, userFlairAllowed: userFlairAllowed))
    }
}
