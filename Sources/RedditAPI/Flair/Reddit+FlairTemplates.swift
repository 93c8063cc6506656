public import Courier
import Foundation

/// A subreddit's flair templates, for users and for posts (scope `modflair`; listing them needs
/// only `flair`): list, create, update, delete, clear and reorder.
///
/// ```swift
/// let created = try await reddit.send(
///     Reddit.createFlairTemplate(FlairTemplate(text: "Helper", backgroundColor: "#ABCDEF"), kind: .user, in: "swift"))
/// try await reddit.send(Reddit.deleteFlairTemplate(created.id, in: "swift"))
/// ```
extension Reddit {
    /// A subreddit's flair templates of one kind, in their order (`/r/SUB/api/user_flair_v2`,
    /// `/r/SUB/api/link_flair_v2`).
    public static func flairTemplates(_ kind: FlairKind, in subreddit: String) -> Request<[FlairTemplate]> {
        get(flairPath(subreddit, kind == .user ? "user_flair_v2" : "link_flair_v2"))
    }

    /// Creates a flair template (`/r/SUB/api/flairtemplate_v2`); answers with it, id included.
    public static func createFlairTemplate(_ template: FlairTemplate, kind: FlairKind, in subreddit: String) -> Request<
        FlairTemplate
    > {
        var form = template.formFields
        form["flair_type"] = kind.rawValue
        return post(flairPath(subreddit, "flairtemplate_v2"), form).reading(FlairTemplate.self) { $0 }
    }

    /// Replaces every field of the template with ``FlairTemplate/id`` by `template`'s
    /// (`/r/SUB/api/flairtemplate_v2` with `flair_template_id`): change a listed template and send
    /// it back. Answers with the template as Reddit now has it.
    public static func updateFlairTemplate(_ template: FlairTemplate, in subreddit: String) -> Request<FlairTemplate> {
        var form = template.formFields
        form["flair_template_id"] = template.id
        return post(flairPath(subreddit, "flairtemplate_v2"), form).reading(FlairTemplate.self) { $0 }
    }

    /// Deletes a flair template (`/r/SUB/api/deleteflairtemplate`).
    public static func deleteFlairTemplate(_ id: String, in subreddit: String) -> Request<Void> {
        post(flairPath(subreddit, "deleteflairtemplate"), ["flair_template_id": id])
    }

    /// Deletes every flair template of one kind (`/r/SUB/api/clearflairtemplates`).
    public static func clearFlairTemplates(_ kind: FlairKind, in subreddit: String) -> Request<Void> {
        post(flairPath(subreddit, "clearflairtemplates"), ["flair_type": kind.rawValue])
    }

    /// Puts a subreddit's flair templates of one kind in the order of `ids`
    /// (`PATCH /r/SUB/api/flair_template_order`, the ids as a JSON array). Reddit answers with
    /// an empty body.
    public static func reorderFlairTemplates(_ ids: [String], kind: FlairKind, in subreddit: String) -> Request<Void> {
        Request<Void>(
            method: .patch, path: flairPath(subreddit, "flair_template_order"),
            query: [
                URLQueryItem(name: "flair_type", value: kind.rawValue),
                URLQueryItem(name: "subreddit", value: subreddit),
            ],
            body: .json(JSON.array(ids.map(JSON.string)))
        ).map { data, _, _ in try acknowledge(data) }
    }

    /// `/r/SUB/api/NAME`.
    static func flairPath(_ subreddit: String, _ name: String) -> String {
        "/r/" + segment(subreddit) + "/api/" + name
    }
}
