import Courier
import RedditAPI

/// The `live` area: live liveThreads, their updates, settings and contributors.
extension FixtureRoutes {
    static let live: [FixtureRoute] = liveThreadRoutes + liveUpdateRoutes + liveContributorRoutes

    private static let liveThreadRoutes: [FixtureRoute] = [
        FixtureRoute("liveabout", call: "Reddit.liveThreadAbout(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.liveThreadAbout(try r.path("id")))
        },
        FixtureRoute("live_info", call: "Reddit.liveThreads(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.liveThreads(try r.path("ids").split(separator: ",").map(String.init)))
        },
        FixtureRoute("live_now", call: "Reddit.happeningNow()") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.happeningNow())
        },
        FixtureRoute("livecreate", call: "Reddit.createLiveThread(title:description:nsfw:resources:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.createLiveThread(
                    title: try r.field("title"), description: r.optionalField("description"),
                    nsfw: try r.optionalBool("nsfw") ?? false, resources: r.optionalField("resources"))
            ).sendingDefaults([Field("nsfw", "false")])
        },
        FixtureRoute("live_update_thread", call: "Reddit.editLiveThread(_:title:description:nsfw:resources:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.editLiveThread(
                    try r.path("id"), title: try r.field("title"), description: try r.field("description"),
                    nsfw: try r.bool("nsfw"), resources: try r.field("resources")))
        },
        FixtureRoute("live_close", call: "Reddit.closeLiveThread(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.closeLiveThread(try r.path("id")))
        },
        FixtureRoute("live_report", call: "Reddit.reportLiveThread(_:reason:)") { r throws(FixtureRouteError) in
            guard let reason = try r.choice(r.optionalField("type"), "type", as: LiveReportReason.self) else {
                throw .missing("field type")
            }
            return FixtureCall(Reddit.reportLiveThread(try r.path("id"), reason: reason))
        },
        FixtureRoute("live_discussions", call: "Reddit.liveDiscussions(of:page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.liveDiscussions(of: try r.path("id"), page: try r.page))
        },
    ]

    private static let liveUpdateRoutes: [FixtureRoute] = [
        FixtureRoute("live_updates", call: "Reddit.liveUpdates(of:page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.liveUpdates(of: try r.path("id"), page: try r.page))
        },
        FixtureRoute("live_focus", call: "Reddit.liveUpdate(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.liveUpdate(try r.path("update_id"), in: try r.path("thread_id")))
        },
        FixtureRoute("live_add_update", call: "Reddit.addLiveUpdate(_:to:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.addLiveUpdate(try r.field("body"), to: try r.path("id")))
        },
        FixtureRoute("live_strike", call: "Reddit.strikeLiveUpdate(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.strikeLiveUpdate(try r.field("id"), in: try r.path("id")))
        },
        FixtureRoute("live_remove_update", call: "Reddit.deleteLiveUpdate(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.deleteLiveUpdate(try r.field("id"), in: try r.path("id")))
        },
    ]

    private static let liveContributorRoutes: [FixtureRoute] = [
        FixtureRoute("live_contributors", call: "Reddit.liveContributors(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.liveContributors(of: try r.path("id")))
        },
        FixtureRoute("live_invite", call: "Reddit.inviteLiveContributor(_:to:permissions:)") {
            r throws(FixtureRouteError) in
            guard try r.field("type") == "liveupdate_contributor_invite" else { throw .unsupported("invite type") }
            return FixtureCall(
                Reddit.inviteLiveContributor(
                    try r.field("name"), to: try r.path("id"),
                    permissions: try livePermissions(try r.field("permissions"))))
        },
        FixtureRoute("live_accept_invite", call: "Reddit.acceptLiveContributorInvite(to:)") {
            r throws(FixtureRouteError) in
            FixtureCall(Reddit.acceptLiveContributorInvite(to: try r.path("id")))
        },
        FixtureRoute("live_leave", call: "Reddit.leaveLiveThread(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.leaveLiveThread(try r.path("id")))
        },
        FixtureRoute("live_remove_contrib", call: "Reddit.removeLiveContributor(_:from:)") {
            r throws(FixtureRouteError) in
            FixtureCall(Reddit.removeLiveContributor(try r.fullname("id"), from: try r.path("id")))
        },
        FixtureRoute("live_remove_invite", call: "Reddit.revokeLiveContributorInvite(_:in:)") {
            r throws(FixtureRouteError) in
            FixtureCall(Reddit.revokeLiveContributorInvite(try r.fullname("id"), in: try r.path("id")))
        },
        FixtureRoute("live_update_perms", call: "Reddit.setLiveContributorPermissions(of:in:to:invitation:)") {
            r throws(FixtureRouteError) in
            let type = try r.field("type")
            guard type == "liveupdate_contributor" || type == "liveupdate_contributor_invite" else {
                throw .unsupported("set_contributor_permissions type \(type)")
            }
            return FixtureCall(
                Reddit.setLiveContributorPermissions(
                    of: try r.field("name"), in: try r.path("id"), to: try livePermissions(try r.field("permissions")),
                    invitation: type == "liveupdate_contributor_invite"))
        },
    ]

    /// A recorded `permissions` field as the list it grants: nil for `+all`, else its `+name` entries.
    private static func livePermissions(_ field: String) throws(FixtureRouteError) -> [LivePermission]? {
        guard field != "+all" else { return nil }
        let entries = field.split(separator: ",").map(String.init)
        guard entries.allSatisfy({ $0.hasPrefix("+") }) else { throw .unsupported("permissions \(field)") }
        return entries.map { LivePermission(rawValue: String($0.dropFirst())) }
    }
}
