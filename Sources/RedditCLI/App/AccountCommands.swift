import CourierOAuth
import Foundation
import RedditAPI

/// `login` (authorization code + PKCE through a loopback redirect), `logout` (revoke and
/// forget) and `accounts` (list, choose the current one), for the configuration's account.
struct AccountCommands: Sendable {
    let configuration: CLIConfiguration
    let offline: Bool
    /// The environment, for `$BROWSER`.
    var environment: [String: String] = [:]

    /// How long `login` waits for the browser unless `--timeout` says otherwise: five minutes.
    static let defaultLoginTimeout = 300

    /// Checks that Reddit can be reached, opens the sign-in page in the browser (and prints its
    /// URL), then waits up to `timeout` seconds for Reddit's redirect; with `paste` (the default
    /// over SSH), reads the address the browser landed on from standard input instead.
    func login(timeout: Int = defaultLoginTimeout, paste: Bool = false) async throws(CLIError) {
        guard !offline else { throw CLIError("login needs the network; offline mode reads as an anonymous app") }
        let clientID = try configuration.requireClientID()
        let oauth = ServiceFactory.oauthConfiguration(clientID: clientID, configuration: configuration)
        try await SignInChecks.reach(oauth.tokenEndpoint, userAgent: configuration.userAgent)
        let session = OAuthSession(
            configuration: oauth, store: FileTokenStore(fileURL: ServiceFactory.tokenFile(configuration)))
        let request = await session.beginSignIn()
        let redirect: URL
        if paste || SignInChecks.isRemote(environment) {
            redirect = try pastedRedirect(request, redirectURI: oauth.redirectURI)
        } else {
            redirect = try await browserRedirect(request, timeout: timeout)
        }
        do {
            try await session.completeSignIn(redirectURL: redirect)
        } catch {
            if let failure = NetworkFailure.find(in: error, url: oauth.tokenEndpoint) {
                throw CLIError("sign-in did not finish: \(failure.message); nothing was stored. Run reddit login again")
            }
            throw CLIError("sign-in failed: \(error)")
        }
        Output.write(
            "Signed in as account \(configuration.account). Tokens are stored in \(ServiceFactory.tokenFile(configuration).path).\n"
        )
    }

    /// Opens the page and waits for Reddit's redirect to reach the loopback receiver.
    private func browserRedirect(_ request: AuthorizationRequest, timeout: Int) async throws(CLIError) -> URL {
        let receiver: LoopbackRedirectReceiver
        do {
            receiver = try LoopbackRedirectReceiver(
                port: configuration.redirectPort, path: "/callback", page: Self.returnToTerminalPage)
        } catch {
            throw CLIError("cannot listen for Reddit's redirect on 127.0.0.1:\(configuration.redirectPort): \(error)")
        }
        defer { receiver.close() }
        let opened = ExternalOpener.open(request.url.absoluteString, environment: environment).hasPrefix("opened ")
        Output.write(
            (opened ? "Opened the sign-in page in your browser. If it did not appear, open" : "Open")
                + " this URL in your browser and allow access:\n\n  \(request.url.absoluteString)\n\n"
                + "Waiting for Reddit to redirect to \(receiver.redirectURI.absoluteString) "
                + "(account \(configuration.account); giving up after \(Self.describe(seconds: timeout))) …\n"
        )
        do {
            return try await receiver.waitForRedirect(timeout: .seconds(timeout), expectedState: request.state)
        } catch LoopbackError.timedOut {
            throw CLIError(
                "sign-in gave up: Reddit's redirect did not reach \(receiver.redirectURI.absoluteString) within "
                    + "\(Self.describe(seconds: timeout)); nothing was stored. Open the URL above in a browser "
                    + "on this machine and allow access, wait longer with --timeout SECONDS, or use --paste")
        } catch {
            throw CLIError("sign-in did not complete: \(error)")
        }
    }

    /// Prints the page's URL and reads the address the browser landed on from standard input.
    private func pastedRedirect(_ request: AuthorizationRequest, redirectURI: URL) throws(CLIError) -> URL {
        Output.write(
            "Open this URL in a browser (on any machine) and allow access:\n\n  \(request.url.absoluteString)\n\n"
                + "The browser then goes to an address starting with \(redirectURI.absoluteString) (the page "
                + "may not load: that is expected). Paste that whole address here and press Enter:\n"
        )
        return try SignInChecks.pastedRedirect(
            readLine(strippingNewline: true) ?? "", redirectURI: redirectURI, expectedState: request.state)
    }

    /// The page the browser shows once Reddit redirected: the token exchange happens after it,
    /// so it does not claim success; the terminal says how it ended.
    static let returnToTerminalPage = """
        <!doctype html><html><head><meta charset="utf-8"><title>Return to the terminal</title></head>
        <body><p>Reddit answered. Return to the terminal: <code>reddit</code> finishes signing in there \
        and says whether it worked.</p></body></html>
        """

    /// `reddit accounts`: lists the accounts; with `use`, makes that one current. Works offline
    /// (it reads and writes only files).
    func accounts(use name: String?, json: Bool) throws(CLIError) {
        let accounts = Accounts(directory: configuration.directory)
        if let name {
            try accounts.use(name)
            return Output.write("Commands now use account \(name).\n")
        }
        Output.write(
            json ? accounts.json(current: configuration.account) : accounts.listing(current: configuration.account))
    }

    /// `300` as "5 minutes", `90` as "90 seconds".
    static func describe(seconds: Int) -> String {
        seconds >= 60 && seconds % 60 == 0
            ? "\(seconds / 60) minute\(seconds == 60 ? "" : "s")" : "\(seconds) second\(seconds == 1 ? "" : "s")"
    }

    func logout() async throws(CLIError) {
        guard !offline else { throw CLIError("logout needs the network; offline mode never signs in") }
        let file = ServiceFactory.tokenFile(configuration)
        let store = FileTokenStore(fileURL: file)
        let token: Token?
        do {
            token = try store.load()
        } catch {
            // A file that cannot be read holds no token to revoke; left in place it would break
            // every command of this account, so signing out deletes it.
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw CLIError("the token file \(file.path) cannot be read, nor deleted: \(error.localizedDescription)")
            }
            Output.write(
                "Signed out of account \(configuration.account): its token file could not be read, so nothing was revoked; the file is deleted.\n"
            )
            return
        }
        guard token != nil else {
            Output.write("Not signed in.\n")
            return
        }
        let clientID = try configuration.requireClientID()
        let session = OAuthSession(
            configuration: ServiceFactory.oauthConfiguration(clientID: clientID, configuration: configuration),
            store: store
        )
        do {
            try await session.signOut()
        } catch {
            throw CLIError("signing out failed: \(error)")
        }
        let accounts = Accounts(directory: configuration.directory)
        if accounts.current() == configuration.account { try? FileManager.default.removeItem(at: accounts.currentFile) }
        Output.write("Signed out of account \(configuration.account): the tokens were revoked and deleted.\n")
    }
}
