/// The `comments` area: no routes yet.
extension FixtureRoutes {
    static let comments: [FixtureRoute] = []
}
