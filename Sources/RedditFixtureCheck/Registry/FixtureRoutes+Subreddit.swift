/// The `subreddit` area: no routes yet.
extension FixtureRoutes {
    static let subreddit: [FixtureRoute] = []
}
