import Courier
import RedditAPI

/// The `comments` area: replying, and the comments behind a `more` stub.
extension FixtureRoutes {
    static let comments: [FixtureRoute] = [
        FixtureRoute("comment", call: "Reddit.reply(to:text:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.reply(to: try r.fullname("thing_id"), text: try r.field("text")))
        },
        FixtureRoute("morechildren", call: "Reddit.moreChildren(_:of:sort:depth:)") { r throws(FixtureRouteError) in
            guard r.method == "POST" else { throw .unsupported("\(r.method) of morechildren") }
            let ids = try r.field("children").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let (link, depth) = (Fullname(try r.field("link_id")), try r.optionalInt("depth"))
            // PRAW 3 spelled the sort `where`.
            let sort = try r.choice(r.optionalField("sort") ?? r.optionalField("where"), "sort", as: CommentSort.self)
            let request: Request<[Thing]>
            do throws(RedditUsageError) {
                request = try Reddit.moreChildren(ids, of: link, sort: sort, depth: depth)
            } catch {
                throw .unsupported(error.description)
            }
            return FixtureCall(request).reading("where", as: "sort")
                .leavingOut("r", because: "PRAW 3 also named the subreddit, which Reddit finds from the post")
        },
        // prawcore's tests sent morechildren by GET, with lists of children Reddit refuses
        // (too many, or not ids at all): a raw request, as those tests made it.
        raw("morechildren"),
    ]

    /// A route that sends the recorded request as it is through ``Reddit/endpoint(_:_:query:form:)``:
    /// for requests PRAW's tests made by hand (prawcore's `session.request`), which no typed
    /// call makes.
    static func raw(_ key: String) -> FixtureRoute {
        FixtureRoute(key, call: "Reddit.endpoint(_:_:query:form:)") { r throws(FixtureRouteError) in
            let query = Dictionary(r.query.filter { $0.name != "raw_json" }.map { ($0.name, $0.value) }) { a, _ in a }
            let form = r.form.map { fields in
                Dictionary(fields.filter { $0.name != "api_type" }.map { ($0.name, $0.value) }) { a, _ in a }
            }
            guard r.json == nil else { throw .unsupported("a raw request with a JSON body") }
            return FixtureCall(
                Reddit.endpoint(HTTPMethod(rawValue: r.method), r.path, query: query, form: form), summary: jsonSummary)
        }
    }

    /// A JSON answer in a few words.
    @Sendable static func jsonSummary(_ json: JSON) -> String {
        if let object = json.objectValue { return "JSON object: " + object.keys.sorted().joined(separator: ", ") }
        if let array = json.arrayValue { return "JSON array of \(array.count)" }
        return "JSON \(json)"
    }
}
