/// The `preferences` area: no routes yet.
extension FixtureRoutes {
    static let preferences: [FixtureRoute] = []
}
