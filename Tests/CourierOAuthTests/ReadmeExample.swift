import Courier
import CourierOAuth
import Foundation

/// The sign-in shown in the README, kept here so it compiles with the library
/// (it needs a browser and an authorization server, so no test calls it).
func readmeSignIn() async throws -> HTTPClient {
    let receiver = try LoopbackRedirectReceiver()  // http://127.0.0.1:<port>/callback
    let session = OAuthSession(
        configuration: .generic(
            baseURL: URL(string: "https://auth.example.com")!, clientID: "YOUR_APP_ID",
            redirectURI: receiver.redirectURI, scopes: ["read"]),
        store: try FileTokenStore(application: "my-app")  // ~/.config/my-app/token.json, mode 0600
    )
    if try await session.restore() == .signedOut {
        let request = await session.beginSignIn()
        print("Open this page to sign in:\n\(request.url)")
        try await session.completeSignIn(redirectURL: try await receiver.waitForRedirect(timeout: .seconds(300)))
    }
    let api = HTTPClient(baseURL: URL(string: "https://api.example.com")!) {
        $0.interceptors = [OAuthInterceptor(session: session)]  // Bearer token, one refresh for all 401s
    }
    return api
}
