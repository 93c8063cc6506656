/// The `emoji` area: no routes yet.
extension FixtureRoutes {
    static let emoji: [FixtureRoute] = []
}
