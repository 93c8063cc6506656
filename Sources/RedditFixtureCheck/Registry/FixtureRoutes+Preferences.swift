import Courier
import RedditAPI

/// The `preferences` area: reading and changing the account's preferences.
extension FixtureRoutes {
    static let preferences: [FixtureRoute] = [
        FixtureRoute("preferences", call: "Reddit.preferences(), Reddit.updatePreferences(_:)") {
            r throws(FixtureRouteError) in
            switch r.method {
            case "GET": return FixtureCall(Reddit.preferences())
            case "PATCH":
                guard let changes = try r.embeddedJSON("json").objectValue else {
                    throw .unsupported("the json field is not an object")
                }
                return FixtureCall(Reddit.updatePreferences(changes))
            default: throw .unsupported("\(r.method) of preferences")
            }
        }
    ]
}
