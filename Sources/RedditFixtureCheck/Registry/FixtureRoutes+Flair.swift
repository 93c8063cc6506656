import Courier
import Foundation
import RedditAPI

/// The `flair` area: templates for users and posts, users' and posts' flair, the flair list and
/// CSV, the flair a post may get, and the subreddit's flair settings.
extension FixtureRoutes {
    static let flair: [FixtureRoute] =
        templates + users + [
            FixtureRoute(
                "flairselector", call: "Reddit.flairSelector(subreddit:link:), Reddit.userFlairChoices(in:user:)"
            ) { r throws(FixtureRouteError) in
                let subreddit = try r.path("subreddit")
                if let link = r.optionalField("link") {
                    return FixtureCall(Reddit.flairSelector(subreddit: subreddit, link: Fullname(link)))
                        .sendingDefaults([Field("is_newlink", "false")])
                }
                if try r.optionalBool("is_newlink") == true {
                    return FixtureCall(Reddit.flairSelector(subreddit: subreddit))
                }
                return FixtureCall(Reddit.userFlairChoices(in: subreddit, user: r.optionalField("name")))
            },
            FixtureRoute(
                "flairconfig",
                call: "Reddit.configureFlair(in:userFlairPosition:usersMayAssign:linkFlairPosition:postersMayAssign:)"
            ) { r throws(FixtureRouteError) in
                let linkPosition = try r.field("link_flair_position")
                return FixtureCall(
                    Reddit.configureFlair(
                        in: try r.path("subreddit"),
                        userFlairPosition: try r.bool("flair_enabled") ? try r.field("flair_position") : nil,
                        usersMayAssign: try r.bool("flair_self_assign_enabled"),
                        linkFlairPosition: linkPosition.isEmpty ? nil : linkPosition,
                        postersMayAssign: try r.bool("link_flair_self_assign_enabled")))
            },
        ]

    private static let templates: [FixtureRoute] = [
        FixtureRoute("user_flair", call: "Reddit.flairTemplates(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.flairTemplates(.user, in: try r.path("subreddit"))).leavingOutUnique
        },
        FixtureRoute("link_flair", call: "Reddit.flairTemplates(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.flairTemplates(.link, in: try r.path("subreddit"))).leavingOutUnique
        },
        FixtureRoute(
            "flairtemplate_v2", call: "Reddit.createFlairTemplate(_:kind:in:), Reddit.updateFlairTemplate(_:in:)"
        ) { r throws(FixtureRouteError) in
            var template = FlairTemplate(
                text: try r.field("text"), cssClass: r.optionalField("css_class") ?? "",
                textEditable: try r.optionalBool("text_editable") ?? false,
                backgroundColor: r.optionalField("background_color"), textColor: r.optionalField("text_color"),
                modOnly: try r.optionalBool("mod_only") ?? false,
                allowableContent: r.optionalField("allowable_content"),
                maxEmojis: try r.optionalInt("max_emojis"))
            let subreddit = try r.path("subreddit")
            guard let id = r.optionalField("flair_template_id") else {
                let kind = try r.choice(r.optionalField("flair_type"), "flair_type", as: FlairKind.self) ?? .user
                return FixtureCall(Reddit.createFlairTemplate(template, kind: kind, in: subreddit))
                    .sendingDefaults([
                        Field("css_class", ""), Field("text_editable", "false"), Field("mod_only", "false"),
                    ])
            }
            template.id = id
            var call = FixtureCall(Reddit.updateFlairTemplate(template, in: subreddit))
                .sendingDefaults([Field("css_class", ""), Field("text_editable", "false"), Field("mod_only", "false")])
            // PRAW fills an update with every field of the template it fetched first.
            for name in ["id", "richtext", "type", "override_css", "flair_type"] {
                call = call.leavingOut(name, because: "PRAW copies the fetched template's fields into an update")
            }
            return call
        },
        FixtureRoute("flairtemplatedelete", call: "Reddit.deleteFlairTemplate(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.deleteFlairTemplate(try r.field("flair_template_id"), in: try r.path("subreddit")))
        },
        FixtureRoute("flairtemplateclear", call: "Reddit.clearFlairTemplates(_:in:)") { r throws(FixtureRouteError) in
            let kind = try r.choice(r.optionalField("flair_type"), "flair_type", as: FlairKind.self) ?? .user
            return FixtureCall(Reddit.clearFlairTemplates(kind, in: try r.path("subreddit")))
        },
        FixtureRoute("flairtemplatereorder", call: "Reddit.reorderFlairTemplates(_:kind:in:)") {
            r throws(FixtureRouteError) in
            let kind = try r.choice(r.optionalQuery("flair_type"), "flair_type", as: FlairKind.self) ?? .user
            // The cassettes kept no body: the ids are compared when one is recorded.
            let ids = (r.json?.arrayValue ?? []).compactMap(\.stringValue)
            return FixtureCall(Reddit.reorderFlairTemplates(ids, kind: kind, in: try r.path("subreddit")))
        },
    ]

    private static let users: [FixtureRoute] = [
        FixtureRoute(
            "flair", call: "Reddit.setUserFlair(_:in:text:cssClass:), Reddit.setLinkFlair(_:in:text:cssClass:)"
        ) {
            r throws(FixtureRouteError) in
            let (subreddit, text, cssClass) = (
                try r.path("subreddit"), r.optionalField("text") ?? "", r.optionalField("css_class") ?? ""
            )
            let call: FixtureCall
            if let link = r.optionalField("link") {
                call = FixtureCall(Reddit.setLinkFlair(Fullname(link), in: subreddit, text: text, cssClass: cssClass))
            } else {
                call = FixtureCall(
                    Reddit.setUserFlair(try r.field("name"), in: subreddit, text: text, cssClass: cssClass))
            }
            return call.sendingDefaults([Field("text", ""), Field("css_class", "")])
        },
        FixtureRoute(
            "select_flair",
            call: "Reddit.selectFlair(subreddit:link:templateID:text:), Reddit.selectUserFlair(_:in:templateID:text:)"
        ) { r throws(FixtureRouteError) in
            let (subreddit, template) = (try r.path("subreddit"), try r.field("flair_template_id"))
            if let link = r.optionalField("link") {
                return FixtureCall(
                    Reddit.selectFlair(
                        subreddit: subreddit, link: Fullname(link), templateID: template, text: r.optionalField("text"))
                )
            }
            return FixtureCall(
                Reddit.selectUserFlair(
                    try r.field("name"), in: subreddit, templateID: template, text: r.optionalField("text")))
        },
        FixtureRoute("deleteflair", call: "Reddit.deleteUserFlair(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.deleteUserFlair(try r.field("name"), in: try r.path("subreddit")))
        },
        FixtureRoute("flairlist", call: "Reddit.userFlairs(in:user:page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.userFlairs(in: try r.path("subreddit"), user: r.optionalQuery("name"), page: try r.page))
        },
        FixtureRoute("flaircsv", call: "Reddit.setUserFlairs(_:in:)") { r throws(FixtureRouteError) in
            let flairs = CSV.rows(try r.field("flair_csv")).map { row in
                UserFlair(
                    user: row.first ?? "", text: row.count > 1 ? row[1] : "", cssClass: row.count > 2 ? row[2] : "")
            }
            let subreddit = try r.path("subreddit")
            let request: Request<[FlairUpdateResult]>
            do throws(RedditUsageError) {
                request = try Reddit.setUserFlairs(flairs, in: subreddit)
            } catch {
                throw .unsupported(error.description)
            }
            return FixtureCall(request).comparing("flair_csv") { CSV.rows($0) == CSV.rows($1) }
        },
    ]
}

/// Reading the CSV of `/r/SUB/api/flaircsv`: PRAW quoted every field in some versions and only
/// where needed in others, so two CSVs are the same request when their rows are.
enum CSV {
    /// The rows of `text`: fields split at commas, quoted fields with `""` for a quote.
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters = characters.dropFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
