import Foundation

/// The `tokens` of the examples: where an app keeps its access token.
struct DocTokens: Sendable {
    /// The token to send now.
    let token: String

    /// A token store holding `token`.
    init(_ token: String = "doc-token") { self.token = token }

    /// The current token.
    func current() async throws -> String { token }

    /// A renewed token.
    func refresh() async throws -> String { token + "-refreshed" }
}

/// A placeholder URL for names the examples only compile against.
let exampleURL = URL(string: "https://api.example.com")!
