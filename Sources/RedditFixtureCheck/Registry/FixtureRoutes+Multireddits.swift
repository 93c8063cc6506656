/// The `multireddits` area: no routes yet.
extension FixtureRoutes {
    static let multireddits: [FixtureRoute] = []
}
