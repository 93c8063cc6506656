/// The `drafts` area: no routes yet.
extension FixtureRoutes {
    static let drafts: [FixtureRoute] = []
}
