/// The `live` area: no routes yet.
extension FixtureRoutes {
    static let live: [FixtureRoute] = []
}
