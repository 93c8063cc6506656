/// Where an ``OAuthSession`` stands, as its state stream reports it.
public enum AuthState: Sendable, Hashable {
    /// No token: sign in first.
    case signedOut
    /// A sign-in started and has not finished.
    case signingIn
    /// A token is being refreshed; requests wait for it.
    case refreshing
    /// A token is available.
    case authenticated
}
