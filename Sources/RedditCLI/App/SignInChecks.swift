import Courier
import Foundation

/// What `login` checks around the browser: that Reddit answers before anything is opened, and
/// the address a user pastes when the browser runs on another machine (over SSH).
enum SignInChecks {
    /// Sends one request to `endpoint` (the token endpoint): any HTTP answer means Reddit can be
    /// reached; no answer is a one-line error saying why, before a browser is opened.
    static func reach(_ endpoint: URL, userAgent: String) async throws(CLIError) {
        let client = HTTPClient(baseURL: nil) {
            $0.acceptableStatusCodes = Set(100..<600)
            $0.headers["User-Agent"] = userAgent
        }
        do {
            _ = try await client.send(Request<Data>(path: endpoint.absoluteString).timeout(.seconds(15)))
        } catch {
            let failure =
                NetworkFailure.find(in: error, url: endpoint)
                ?? NetworkFailure(host: endpoint.host ?? endpoint.absoluteString, code: .cannotConnectToHost)
            throw CLIError("cannot sign in: \(failure.message). Nothing was opened or stored")
        }
    }

    /// Whether the browser most likely runs on another machine: a session over SSH.
    static func isRemote(_ environment: [String: String]) -> Bool {
        environment["SSH_CONNECTION"].map { !$0.isEmpty } == true || environment["SSH_TTY"].map { !$0.isEmpty } == true
    }

    /// The redirect a user pasted, checked: an address on `redirectURI` that carries this sign-in's
    /// `state` and either a `code` or Reddit's `error`.
    static func pastedRedirect(_ text: String, redirectURI: URL, expectedState: String) throws(CLIError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CLIError("no address was pasted; nothing was stored") }
        guard let components = URLComponents(string: trimmed), components.scheme != nil, let url = components.url
        else {
            throw CLIError("'\(trimmed.prefix(80))' is not an address; paste the whole address from the browser")
        }
        let redirect = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false)
        guard components.host == redirect?.host, components.port == redirect?.port, components.path == redirect?.path
        else {
            throw CLIError(
                "the pasted address does not start with \(redirectURI.absoluteString); paste the address the browser "
                    + "went to after you allowed access")
        }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard value("state") == expectedState else {
            throw CLIError(
                "the pasted address belongs to another sign-in (its state differs); nothing was stored. "
                    + "Paste the address from this sign-in's page")
        }
        if let error = value("error") {
            let reason = error == "access_denied" ? "access was not allowed" : "Reddit answered '\(error)'"
            throw CLIError("sign-in did not complete: \(reason); nothing was stored")
        }
        guard value("code")?.isEmpty == false else {
            throw CLIError("the pasted address has no authorization code; paste the whole address")
        }
        return url
    }
}
