/// The `user` area: no routes yet.
extension FixtureRoutes {
    static let user: [FixtureRoute] = []
}
