/// The `wiki` area: no routes yet.
extension FixtureRoutes {
    static let wiki: [FixtureRoute] = []
}
