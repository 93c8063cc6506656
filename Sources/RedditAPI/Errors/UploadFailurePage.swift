import Foundation

/// The page `/r/SUB/api/upload_sr_img` answers a refused image with (with HTTP 413 for one too
/// big): a script calling `parent.completedUploadImage('failed', '', '', [[CODE, message], ...], '')`.
/// Its list holds the same `[code, message]` pairs as an `api_type=json` answer.
enum UploadFailurePage {
    private static let marker = Data("completedUploadImage(".utf8)

    /// The errors the page lists; nil when the body is not such a page.
    static func errors(in body: Data) -> [RedditError.APIError]? {
        guard body.count < 64 * 1024, let call = body.range(of: marker) else { return nil }
        let text = String(decoding: body[call.upperBound...], as: UTF8.self)
        guard let open = text.range(of: "[["), let close = text.range(of: "]]", range: open.upperBound..<text.endIndex)
        else { return nil }
        let strings = quotedStrings(in: text[open.lowerBound..<close.upperBound])
        guard !strings.isEmpty, strings.count.isMultiple(of: 2) else { return nil }
        return stride(from: 0, to: strings.count, by: 2).map { index in
            RedditError.APIError(code: strings[index], message: strings[index + 1], field: nil)
        }
    }

    /// The single-quoted strings of a JavaScript list, `\'` unescaped.
    private static func quotedStrings(in list: Substring) -> [String] {
        var strings: [String] = []
        var current: String?
        var escaped = false
        for character in list {
            guard var string = current else {
                if character == "'" { current = "" }
                continue
            }
            if escaped {
                string.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "'" {
                strings.append(string)
                current = nil
                continue
            } else {
                string.append(character)
            }
            current = string
        }
        return strings
    }
}
