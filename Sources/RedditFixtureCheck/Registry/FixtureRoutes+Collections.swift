/// The `collections` area: no routes yet.
extension FixtureRoutes {
    static let collections: [FixtureRoute] = []
}
