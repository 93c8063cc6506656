import Courier
import RedditAPI

/// The `emoji` area: listing, the upload lease, adding, changing permissions and deleting.
extension FixtureRoutes {
    static let emoji: [FixtureRoute] = [
        FixtureRoute("emoji_list", call: "Reddit.emoji(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.emoji(of: try r.path("subreddit")))
        },
        FixtureRoute("emoji_lease", call: "Reddit.emojiLease(filename:mimeType:in:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.emojiLease(
                    filename: try r.field("filepath"), mimeType: try r.field("mimetype"), in: try r.path("subreddit")),
                summary: { "lease for \($0.key)" })
        },
        FixtureRoute(
            "emoji_upload", call: "Reddit.addEmoji(named:imageKey:in:modFlairOnly:postFlairAllowed:userFlairAllowed:)"
        ) { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.addEmoji(
                    named: try r.field("name"), imageKey: try r.field("s3_key"), in: try r.path("subreddit"),
                    modFlairOnly: try r.optionalBool("mod_flair_only"),
                    postFlairAllowed: try r.optionalBool("post_flair_allowed"),
                    userFlairAllowed: try r.optionalBool("user_flair_allowed")))
        },
        FixtureRoute(
            "emoji_update", call: "Reddit.updateEmoji(named:in:modFlairOnly:postFlairAllowed:userFlairAllowed:)"
        ) { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.updateEmoji(
                    named: try r.field("name"), in: try r.path("subreddit"),
                    modFlairOnly: try r.optionalBool("mod_flair_only") ?? false,
                    postFlairAllowed: try r.optionalBool("post_flair_allowed") ?? true,
                    userFlairAllowed: try r.optionalBool("user_flair_allowed") ?? true)
            ).sendingDefaults([
                Field("mod_flair_only", "false"), Field("post_flair_allowed", "true"),
                Field("user_flair_allowed", "true"),
            ])
        },
        FixtureRoute("emoji_delete", call: "Reddit.deleteEmoji(named:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.deleteEmoji(named: try r.path("emoji_name"), in: try r.path("subreddit")))
        },
    ]
}
