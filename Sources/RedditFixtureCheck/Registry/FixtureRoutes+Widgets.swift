/// The `widgets` area: no routes yet.
extension FixtureRoutes {
    static let widgets: [FixtureRoute] = []
}
