import Foundation

/// Reading a `multipart/form-data` body into fields, for comparing it with a recorded form.
enum MultipartFields {
    /// What the recordings' extractor wrote in place of a file of `size` bytes.
    static func filePlaceholder(size: Int) -> String { "<file content omitted by extractor: \(size) bytes>" }

    /// The parts of `body` in order: a field's value as text, a file part (one with a `filename`)
    /// as ``filePlaceholder(size:)``. Nil when the content type has no boundary or the body is
    /// not a form with it.
    static func parse(_ body: Data, contentType: String) -> [Field]? {
        guard let boundary = parameter("boundary", of: contentType) else { return nil }
        let delimiter = Data(("--" + boundary).utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var fields: [Field] = []
        var cursor = body.startIndex
        guard let first = body.range(of: delimiter, in: cursor..<body.endIndex) else { return nil }
        cursor = first.upperBound
        while let next = body.range(of: delimiter, in: cursor..<body.endIndex) {
            // A part: CRLF, headers, a blank line, the content, CRLF, then the next delimiter.
            var part = body[cursor..<next.lowerBound]
            if part.starts(with: Data("\r\n".utf8)) { part = part.dropFirst(2) }
            if part.suffix(2) == Data("\r\n".utf8) { part = part.dropLast(2) }
            guard let split = part.range(of: headerEnd) else { return nil }
            let headers = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            let content = part[split.upperBound...]
            guard
                let disposition = headers.split(separator: "\r\n").first(where: {
                    $0.lowercased().hasPrefix("content-disposition:")
                }),
                let name = parameter("name", of: String(disposition))
            else { return nil }
            if parameter("filename", of: String(disposition)) != nil {
                fields.append(Field(name, filePlaceholder(size: content.count)))
            } else {
                fields.append(Field(name, String(decoding: content, as: UTF8.self)))
            }
            cursor = next.upperBound
            if body[cursor...].starts(with: Data("--".utf8)) { return fields }
        }
        return nil
    }

    /// A `name=value` or `name="value"` parameter of a header value.
    private static func parameter(_ name: String, of header: String) -> String? {
        for piece in header.split(separator: ";") {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(name + "=") else { continue }
            var value = pair.dropFirst(name.count + 1)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }
}
