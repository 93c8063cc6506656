/// The `rules` area: no routes yet.
extension FixtureRoutes {
    static let rules: [FixtureRoute] = []
}
