import Courier
import Foundation

extension RedditClient {
    /// Opens one of Reddit's WebSockets (a media upload's, a live thread's) through a plain client
    /// with this client's User-Agent: the Reddit token does not go to the socket host, and the
    /// socket is not rate limited. Nil when it cannot be opened.
    func openRedditSocket(_ url: String) async -> WebSocket? {
        var configuration = HTTPClient.Configuration()
        configuration.headers["User-Agent"] = userAgent.value
        return try? await HTTPClient(configuration: configuration).webSocket(Request<Data>(path: url))
    }
}
