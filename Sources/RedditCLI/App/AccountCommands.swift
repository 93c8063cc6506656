import CourierOAuth
import Foundation
import RedditAPI

/// `login` (authorization code + PKCE through a loopback redirect) and `logout` (revoke and
/// forget).
struct AccountCommands: Sendable {
    let configuration: CLIConfiguration
    let offline: Bool

    func login() async throws(CLIError) {
        guard !offline else { throw CLIError("login needs the network; offline mode reads as an anonymous app") }
        let clientID = try configuration.requireClientID()
        let receiver: LoopbackRedirectReceiver
        do {
            receiver = try LoopbackRedirectReceiver(port: configuration.redirectPort, path: "/callback")
        } catch {
            throw CLIError("cannot listen for Reddit's redirect on 127.0.0.1:\(configuration.redirectPort): \(error)")
        }
        defer { receiver.close() }
        let session = OAuthSession(
            configuration: ServiceFactory.oauthConfiguration(clientID: clientID, configuration: configuration),
            store: FileTokenStore(fileURL: ServiceFactory.tokenFile(configuration))
        )
        let request = await session.beginSignIn()
        Output.write(
            "Open this URL in your browser and allow access:\n\n  \(request.url.absoluteString)\n\nWaiting for Reddit to redirect to \(receiver.redirectURI.absoluteString) …\n"
        )
        do {
            let redirect = try await receiver.waitForRedirect(expectedState: request.state)
            try await session.completeSignIn(redirectURL: redirect)
        } catch let error as LoopbackError {
            throw CLIError("sign-in did not complete: \(error)")
        } catch let error as OAuthError {
            throw CLIError("sign-in failed: \(error)")
        } catch {
            throw CLIError("sign-in failed: \(error)")
        }
        Output.write("Signed in. Tokens are stored in \(ServiceFactory.tokenFile(configuration).path).\n")
    }

    func logout() async throws(CLIError) {
        guard !offline else { throw CLIError("logout needs the network; offline mode never signs in") }
        let store = FileTokenStore(fileURL: ServiceFactory.tokenFile(configuration))
        guard (try? store.load()) != nil else {
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
        Output.write("Signed out: the tokens were revoked and deleted.\n")
    }
}
