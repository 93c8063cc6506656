public import Observation

/// An `@Observable` mirror of an ``OAuthSession``'s state for SwiftUI and other observers on the
/// main actor.
///
/// ```swift
/// @State var auth = AuthStateObserver(session: session)
/// var body: some View { auth.state == .authenticated ? AnyView(Feed()) : AnyView(SignIn()) }
/// ```
@MainActor
@Observable
public final class AuthStateObserver {
    /// The session's latest state.
    public private(set) var state: AuthState = .signedOut

    /// Starts following `session`; it stops when this object is released and the session next
    /// changes state.
    public init(session: OAuthSession) {
        Task { [weak self] in
            for await state in await session.stateUpdates() {
                guard let self else { return }
                self.state = state
            }
        }
    }
}
