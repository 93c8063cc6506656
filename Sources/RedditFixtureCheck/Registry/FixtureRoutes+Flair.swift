/// The `flair` area: no routes yet.
extension FixtureRoutes {
    static let flair: [FixtureRoute] = []
}
