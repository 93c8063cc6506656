/// The `messages` area: no routes yet.
extension FixtureRoutes {
    static let messages: [FixtureRoute] = []
}
