public import Courier
import Foundation

/// Drafts of posts: listing, saving, changing and deleting them (scope `submit`).
///
/// ```swift
/// let saved = try await reddit.send(Reddit.createDraft(.text(title: "Release notes", "Coming soon")))
/// try await reddit.send(Reddit.deleteDraft(saved.id))
/// ```
extension Reddit {
    /// Your drafts, bodies in Markdown (`md_body=true`).
    public static func drafts() -> Request<[Draft]> {
        decoded("/api/v1/drafts", as: DraftList.self) { $0.drafts }.withQuery([("md_body", "true")])
    }

    /// Saves a new draft; answers with its id and how many drafts you now have.
    public static func createDraft(_ content: DraftContent) -> Request<(id: String, draftsCount: Int)> {
        draftAnswer(.post, form: content.form)
    }

    /// Replaces a draft's content; answers with its id and how many drafts you have.
    public static func updateDraft(_ id: String, _ content: DraftContent) -> Request<(id: String, draftsCount: Int)> {
        var form = content.form
        form["id"] = id
        return draftAnswer(.put, form: form)
    }

    /// Deletes a draft; answers with its id and how many drafts you have left.
    public static func deleteDraft(_ id: String) -> Request<(id: String, draftsCount: Int)> {
        Request<Void>(method: .delete, path: "/api/v1/draft", query: [URLQueryItem(name: "draft_id", value: id)])
            .reading(JSONDataAnswer<SavedDraft>.self) { ($0.data.id, $0.data.draftsCount) }
    }

    private static func draftAnswer(_ method: HTTPMethod, form: [String: String]) -> Request<
        (id: String, draftsCount: Int)
    > {
        call(method, "/api/v1/draft", form: form, as: JSONDataAnswer<SavedDraft>.self) {
            ($0.data.id, $0.data.draftsCount)
        }
    }
}

/// `/api/v1/drafts`: `{"drafts": [...], "subreddits": [...]}`.
struct DraftList: Decodable, Sendable {
    let drafts: [Draft]
}

/// The `data` of a draft write: `{"id", "drafts_count"}`.
struct SavedDraft: Decodable, Sendable {
    let id: String
    let draftsCount: Int

    private enum CodingKeys: String, CodingKey {
        case id
        case draftsCount = "drafts_count"
    }
}
