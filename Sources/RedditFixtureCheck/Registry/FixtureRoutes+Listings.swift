/// The `listings` area: no routes yet.
extension FixtureRoutes {
    static let listings: [FixtureRoute] = []
}
