import Courier
import Foundation
import RedditAPI

/// The `subreddit` area: a subreddit's about page, settings, post requirements, stylesheet and
/// images, joining and quarantine, Reddit's lists of subreddits, search, recommendations,
/// `r/all` filters, stickies, `r/random` and share links.
extension FixtureRoutes {
    static let subreddit: [FixtureRoute] = settings + looks + lists + membership + redirects

    private static let settings: [FixtureRoute] = [
        FixtureRoute("subreddit_about", call: "Reddit.subredditAbout(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.subredditAbout(try r.path("subreddit")))
        },
        FixtureRoute("subreddit_settings", call: "Reddit.subredditSettings(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.subredditSettings(of: try r.path("subreddit")))
        },
        FixtureRoute("update_settings", call: "Reddit.updateSubredditSettings(_:_:)") { r throws(FixtureRouteError) in
            // Some cassettes kept no body; the call is then built with a stand-in fullname and
            // only its method, path and query are compared.
            var changes = SubredditSettings()
            for (name, value) in r.json?.objectValue ?? [:] where !["sr", "api_type"].contains(name) {
                changes[SubredditSettings.readName(name)] = value
            }
            return FixtureCall(
                Reddit.updateSubredditSettings(Fullname(try r.field("sr", unrecorded: "t5_unrecorded")), changes))
        },
        FixtureRoute(
            "site_admin", call: "Reddit.createSubreddit(_:title:type:contentOptions:wikiMode:settings:)"
        ) { r throws(FixtureRouteError) in
            let named = ["name", "title", "type", "link_type", "wikimode", "api_type"]
            var settings = SubredditSettings()
            for field in r.form ?? [] where !named.contains(field.name) {
                settings[SubredditSettings.readName(field.name)] = .string(field.value)
            }
            return FixtureCall(
                Reddit.createSubreddit(
                    try r.field("name"), title: r.optionalField("title"), type: try r.field("type"),
                    contentOptions: try r.field("link_type"), wikiMode: try r.field("wikimode"), settings: settings))
        },
        FixtureRoute("post_requirements", call: "Reddit.postRequirements(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.postRequirements(of: try r.path("subreddit")))
        },
    ]

    private static let looks: [FixtureRoute] = [
        FixtureRoute("about_stylesheet", call: "Reddit.stylesheet(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.stylesheet(of: try r.path("subreddit")))
        },
        FixtureRoute("subreddit_stylesheet", call: "Reddit.updateStylesheet(of:css:reason:)") {
            r throws(FixtureRouteError) in
            guard r.optionalField("op") == "save" else { throw .unsupported("a stylesheet op other than save") }
            return FixtureCall(
                Reddit.updateStylesheet(
                    of: try r.path("subreddit"), css: try r.field("stylesheet_contents"),
                    reason: r.optionalField("reason")))
        },
        FixtureRoute("upload_image", call: "Reddit.uploadSubredditImage(_:mimeType:as:in:sendsUploadType:)") {
            r throws(FixtureRouteError) in
            let slot: SubredditImage
            // Without `upload_type` Reddit takes a stylesheet image, named by `name`.
            switch r.optionalField("upload_type") ?? "img" {
            case "img": slot = .stylesheet(name: try r.field("name"))
            case "header": slot = .header
            case "banner": slot = .mobileHeader
            case "icon": slot = .mobileIcon
            case let other: throw .unsupported("upload_type \(other)")
            }
            let mimeType = r.optionalField("img_type") == "jpg" ? "image/jpeg" : "image/png"
            // The extractor wrote the file's length in its place; the call sends as many bytes.
            let size = r.optionalField("file").flatMap(fileSize) ?? 0
            let call = FixtureCall(
                Reddit.uploadSubredditImage(
                    Data(repeating: 0, count: size), mimeType: mimeType, as: slot, in: try r.path("subreddit"),
                    sendsUploadType: r.optionalField("upload_type") != nil))
            // A cassette that kept no file part is compared without one.
            return r.optionalField("file") == nil
                ? call.sendingDefaults([Field("file", "<file content omitted by extractor: 0 bytes>")]) : call
        },
        FixtureRoute("delete_sr_image", call: "Reddit.deleteSubredditImage(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.deleteSubredditImage(.stylesheet(name: try r.field("img_name")), in: try r.path("subreddit")))
        },
        deleteImage("delete_sr_header", .header), deleteImage("delete_sr_banner", .mobileHeader),
        deleteImage("delete_sr_icon", .mobileIcon),
        FixtureRoute("style_asset_lease", call: "Reddit.styleImageLease(for:filename:mimeType:in:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.styleImageLease(
                    for: try r.field("imagetype"), filename: try r.field("filepath"), mimeType: try r.field("mimetype"),
                    in: try r.path("subreddit")),
                summary: { "lease for \($0.key)" })
        },
        FixtureRoute("structured_styles", call: "Reddit.updateStructuredStyles(of:_:)") { r throws(FixtureRouteError) in
            var styles: [String: String] = [:]
            for field in r.form ?? [] where field.name != "api_type" { styles[field.name] = field.value }
            return FixtureCall(Reddit.updateStructuredStyles(of: try r.path("subreddit"), styles))
        },
    ]

    private static func deleteImage(_ key: String, _ image: SubredditImage) -> FixtureRoute {
        FixtureRoute(key, call: "Reddit.deleteSubredditImage(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.deleteSubredditImage(image, in: try r.path("subreddit")))
        }
    }

    /// The length in `<file content omitted by extractor: N bytes>`.
    private static func fileSize(_ placeholder: String) -> Int? {
        let digits = placeholder.split(separator: ":").last?.split(separator: " ").first
        return digits.flatMap { Int($0) }
    }

    private static let lists: [FixtureRoute] =
        [
            ("subreddits_popular", SubredditDirectory.popular), ("subreddits_new", .new),
            ("subreddits_default", .default), ("subreddits_premium", .premium), ("my_subreddits", .subscribed),
            ("my_contributor", .approved), ("my_moderator", .moderated),
        ].map { key, directory in
            FixtureRoute(key, call: "Reddit.subreddits(_:page:)") { r throws(FixtureRouteError) in
                FixtureCall(Reddit.subreddits(directory, page: try r.page))
            }
        } + [
            FixtureRoute("subreddits_search", call: "Reddit.searchSubreddits(_:page:)") { r throws(FixtureRouteError) in
                FixtureCall(Reddit.searchSubreddits(try r.query("q"), page: try r.page))
            },
            FixtureRoute("subreddits_name_search", call: "Reddit.subredditNames(startingWith:includeOver18:exact:)") {
                r throws(FixtureRouteError) in
                FixtureCall(
                    Reddit.subredditNames(
                        startingWith: try r.field("query"),
                        includeOver18: try r.optionalBool("include_over_18") ?? false,
                        exact: try r.optionalBool("exact") ?? false)
                ).sendingDefaults([Field("include_over_18", "false"), Field("exact", "false")])
            },
            FixtureRoute("search", call: "Reddit.search(_:subreddit:sort:time:page:)") { r throws(FixtureRouteError) in
                // Restricted to r/all or not, a search of r/all searches everything.
                let everywhere = try r.path("subreddit").lowercased() == "all"
                return FixtureCall(
                    Reddit.search(
                        try r.query("q"), subreddit: try r.path("subreddit"),
                        sort: try r.choice(r.optionalQuery("sort"), "sort", as: SearchSort.self) ?? .relevance,
                        time: try r.choice(r.optionalQuery("t"), "t", as: TimeRange.self), page: try r.page)
                ).sendingDefaults([Field("sort", "relevance"), Field("restrict_sr", "false")])
                    .leavingOut(
                        "syntax", because: "PRAW's default query syntax, which Reddit no longer offers a choice of"
                    ).comparing("restrict_sr") { theirs, ours in
                        everywhere || RequestComparison.equivalent(theirs, ours)
                    }
            },
            FixtureRoute("sub_recommended", call: "Reddit.recommendedSubreddits(for:omitting:)") {
                r throws(FixtureRouteError) in
                let list = { (text: String?) in text.map { $0.split(separator: ",").map(String.init) } ?? [] }
                return FixtureCall(
                    Reddit.recommendedSubreddits(
                        for: list(try r.path("subreddits")), omitting: list(r.optionalQuery("omit")))
                ).sendingDefaults([Field("omit", "")])
            },
        ]

    private static let membership: [FixtureRoute] = [
        FixtureRoute("subscribe", call: "Reddit.subscribe(to:), Reddit.unsubscribe(from:)") {
            r throws(FixtureRouteError) in
            let names = try r.field("sr_name").split(separator: ",").map(String.init)
            switch try r.field("action") {
            case "sub":
                return FixtureCall(Reddit.subscribe(to: names)).sendingDefaults([Field("skip_inital_defaults", "true")])
            case "unsub": return FixtureCall(Reddit.unsubscribe(from: names))
            case let other: throw .unsupported("subscribe action \(other)")
            }
        },
        FixtureRoute("quarantine_opt_in", call: "Reddit.optInToQuarantine(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.optInToQuarantine(try r.field("sr_name")))
        },
        FixtureRoute("quarantine_opt_out", call: "Reddit.optOutOfQuarantine(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.optOutOfQuarantine(try r.field("sr_name")))
        },
        FixtureRoute("subreddit_filter_list", call: "Reddit.subredditFilters(of:user:)") {
            r throws(FixtureRouteError) in
            FixtureCall(Reddit.subredditFilters(of: try r.path("special"), user: try r.path("user"))).leavingOutUnique
        },
        FixtureRoute(
            "subreddit_filter",
            call: "Reddit.addSubredditFilter(_:to:user:), Reddit.removeSubredditFilter(_:from:user:)"
        ) { r throws(FixtureRouteError) in
            let (subreddit, feed, user) = (try r.path("subreddit"), try r.path("special"), try r.path("user"))
            switch r.method {
            case "PUT": return FixtureCall(Reddit.addSubredditFilter(subreddit, to: feed, user: user))
            case "DELETE": return FixtureCall(Reddit.removeSubredditFilter(subreddit, from: feed, user: user))
            default: throw .unsupported("\(r.method) of a subreddit filter")
            }
        },
    ]

    private static let redirects: [FixtureRoute] = [
        FixtureRoute("about_sticky", call: "Reddit.stickiedPost(of:slot:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.stickiedPost(of: try r.path("subreddit"), slot: try r.optionalQueryInt("num") ?? 1),
                summary: { "post \($0)" }
            ).sendingDefaults([Field("num", "1")])
        },
        FixtureRoute("subreddit", call: "Reddit.randomSubreddit(nsfw:)") { r throws(FixtureRouteError) in
            let name = try r.path("subreddit")
            guard name == "random" || name == "randnsfw" else { throw .unsupported("r/\(name) is not r/random") }
            return FixtureCall(Reddit.randomSubreddit(nsfw: name == "randnsfw"), summary: { "subreddit \($0)" })
                .leavingOutUnique
        },
        // `r/SUB/` is the subreddit's posts in Reddit's default order (what PRAW 3 read).
        FixtureRoute("subreddit", call: "Reddit.listing(_:subreddit:page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.listing(nil, subreddit: try r.path("subreddit"), page: try r.page))
        },
        shareLink("unmapped/r_X_s_X"), shareLink("unmapped/r_X_s"),
    ]

    /// A share link (`/r/SUB/s/ID`), which PRAW resolves by its redirect.
    private static func shareLink(_ key: String) -> FixtureRoute {
        FixtureRoute(key, call: "Reddit.resolveShareLink(_:)") { r throws(FixtureRouteError) in
            guard let link = URL(string: "https://www.reddit.com" + r.path) else {
                throw .unsupported("path \(r.path)")
            }
            return FixtureCall(Reddit.resolveShareLink(link), summary: { "link to \($0.path)" })
        }
    }
}
