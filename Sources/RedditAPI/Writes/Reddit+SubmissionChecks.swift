public import Courier
import Foundation

/// What Reddit's post editor asks before a post goes out: Markdown turned into the rich text
/// document that inline images need, and one field checked against the subreddit's post
/// requirements.
extension Reddit {
    /// Markdown as a rich text document (`/api/convert_rte_body_format`), for
    /// ``submitSelf(subreddit:title:richText:options:)`` and ``edit(_:richText:validateOnSubmit:)``.
    /// Write an uploaded image or video into the Markdown as a link to its URL; the answer is
    /// the document (`{"document": [...]}`).
    public static func convertToRichText(_ markdown: String) -> Request<JSON> {
        post("/api/convert_rte_body_format", ["markdown_text": markdown, "output_mode": "rtjson"])
            .readingThrowing(RichTextAnswer.self) { answer in
                guard let output = answer.output else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: [], debugDescription: "the conversion answer holds no output document"))
                }
                return output
            }
    }

    /// Checks one field of a post about to be submitted against the subreddit's post
    /// requirements (`/api/validate_submission_field`): `field` is `title`, `body` or `link`,
    /// `kind` the post's kind (`self`, `link`, `image`…). A field that breaks a requirement
    /// fails with a ``RedditError`` naming it; every error is listed (`show_error_list`).
    public static func validateSubmissionField(
        _ field: String, subreddit: String, kind: String, title: String, text: String? = nil
    ) -> Request<Void> {
        var form = ["field": field, "sr": subreddit, "kind": kind, "title": title, "show_error_list": "true"]
        if let text { form["text"] = text }
        return post("/api/validate_submission_field", form)
    }
}

/// `{"output": {"document": [...]}, "output_mode": "rtjson", "assets": []}`.
struct RichTextAnswer: Decodable, Sendable {
    let output: JSON?
}
