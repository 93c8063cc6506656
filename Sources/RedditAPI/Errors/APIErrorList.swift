import Courier

/// Reads the `errors` of an `api_type=json` answer, whatever its shape.
///
/// Reddit sends `[[CODE, message, field|null], ...]`. A list that is present and not empty is an
/// error even when its entries have another shape: a damaged entry must not hide the others, nor
/// make the answer pass for success. Entries are read as follows:
/// - `[CODE, message, field]`: as sent. An element of another type is kept as its JSON text (a
///   field `0` is `"0"`), a missing or null code is ``RedditError/APIError/unknownCode``, and
///   elements after the third are added to the message.
/// - `{"code": ..., "message": ..., "field": ...}`: those members, when they are strings.
/// - Anything else, or an object without a string message: code
///   ``RedditError/APIError/unknownCode`` unless it had one, and the message
///   `unrecognized error entry <the entry as JSON>`.
///
/// `null`, `[]`, `{}` and `""` are no errors; any other `errors` value that is not a list is read
/// as a list of one entry.
enum APIErrorList {
    static func entries(_ errors: JSON) -> [RedditError.APIError] {
        switch errors {
        case .null: []
        case .array(let entries): entries.map(entry)
        case .object(let members) where members.isEmpty: []
        case .string(let text) where text.isEmpty: []
        default: [entry(errors)]
        }
    }

    private static func entry(_ value: JSON) -> RedditError.APIError {
        switch value {
        case .array(let parts) where !parts.isEmpty:
            var message = parts.count > 1 ? text(parts[1]) ?? "" : ""
            if parts.count > 3 {
                message += (message.isEmpty ? "" : " ") + parts[3...].map { $0.description }.joined(separator: " ")
            }
            return RedditError.APIError(
                code: text(parts[0]) ?? RedditError.APIError.unknownCode, message: message,
                field: parts.count > 2 ? text(parts[2]) : nil)
        default:
            // An object's own members where it has them; otherwise the entry as JSON text.
            return RedditError.APIError(
                code: value["code"]?.stringValue ?? RedditError.APIError.unknownCode,
                message: value["message"]?.stringValue ?? "unrecognized error entry \(value)",
                field: value["field"]?.stringValue)
        }
    }

    /// A string as it is, null as nothing, any other value as its JSON text.
    private static func text(_ value: JSON) -> String? {
        switch value {
        case .null: nil
        case .string(let text): text
        default: value.description
        }
    }
}
