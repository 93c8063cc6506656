public import Foundation

extension RequestBody {
    /// A `multipart/form-data` body (RFC 7578): named fields and files.
    ///
    /// A file part added with ``add(name:filename:contentType:file:)`` is read from disk while
    /// the form is sent, never loaded whole; the form is sent with `Content-Length` (the files are
    /// measured when the request is sent) and re-read from the start for a retry or a 307/308.
    ///
    /// ```swift
    /// var form = RequestBody.Multipart()
    /// form.add(name: "title", value: "Holiday")
    /// form.add(name: "video", contentType: "video/mp4", file: URL(fileURLWithPath: "/tmp/holiday.mp4"))
    /// let upload = Request<Data>(method: .post, path: "/uploads", body: .multipart(form))
    /// ```
    public struct Multipart: Sendable {
        /// One part of the form (the RedditAPI media upload reads a part's content kind).
        package struct Part: Sendable {
            /// Where a part's bytes come from.
            package enum Content: Sendable {
                /// Bytes in memory.
                case data(Data)
                /// A file, read as it is sent.
                case file(URL)
            }

            /// The form field name.
            package var name: String
            /// The file name, for file parts.
            package var filename: String?
            /// The part's content type, if any.
            package var contentType: String?
            /// The part's bytes, or the file they are read from.
            package var content: Content
        }

        /// The boundary between parts; random unless given.
        public let boundary: String
        /// The parts in order.
        package private(set) var parts: [Part] = []

        /// Creates an empty form with a random boundary.
        public init(boundary: String = "courier-" + UUID().uuidString) {
            self.boundary = boundary
        }

        /// Adds a text field.
        public mutating func add(name: String, value: String) {
            parts.append(Part(name: name, filename: nil, contentType: nil, content: .data(Data(value.utf8))))
        }

        /// Adds a file field.
        public mutating func add(
            name: String, filename: String, contentType: String = "application/octet-stream", data: Data
        ) {
            parts.append(Part(name: name, filename: filename, contentType: contentType, content: .data(data)))
        }

        /// Adds a file field whose bytes are read from `file` while the form is sent.
        ///
        /// - Parameters:
        ///   - name: The form field name.
        ///   - filename: The file name the server sees; the file's own name by default.
        ///   - contentType: The part's content type.
        ///   - file: The file to send.
        public mutating func add(
            name: String, filename: String? = nil, contentType: String = "application/octet-stream", file: URL
        ) {
            parts.append(
                Part(
                    name: name, filename: filename ?? file.lastPathComponent, contentType: contentType,
                    content: .file(file)))
        }

        /// The `Content-Type` header value, with the boundary.
        public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

        /// The encoded body in memory, file parts read whole: for small forms and tests.
        ///
        /// - Throws: The error of a file part that cannot be read.
        public func encoded() throws -> Data {
            var body = Data()
            for piece in pieces() {
                switch piece {
                case .data(let data): body.append(data)
                case .file(let url): body.append(try Data(contentsOf: url))
                }
            }
            return body
        }

        /// The body as it is sent: in-memory pieces (boundaries, headers, fields) between files.
        var wireBody: HTTPRequest.Body {
            HTTPRequest.Body(storage: .pieces(pieces()), form: self)
        }

        /// The pieces in order, adjacent in-memory ones joined.
        private func pieces() -> [HTTPRequest.Body.Piece] {
            var pieces: [HTTPRequest.Body.Piece] = []
            var pending = Data()
            func line(_ text: String) { pending.append(Data((text + "\r\n").utf8)) }
            for part in parts {
                line("--\(boundary)")
                var disposition = "Content-Disposition: form-data; name=\"\(Self.quote(part.name))\""
                if let filename = part.filename { disposition += "; filename=\"\(Self.quote(filename))\"" }
                line(disposition)
                if let contentType = part.contentType { line("Content-Type: \(contentType)") }
                line("")
                switch part.content {
                case .data(let data): pending.append(data)
                case .file(let url):
                    pieces.append(.data(pending))
                    pending = Data()
                    pieces.append(.file(url))
                }
                line("")
            }
            line("--\(boundary)--")
            pieces.append(.data(pending))
            return pieces
        }

        /// Escapes a quoted-string parameter the way browsers do (RFC 7578 §4.2).
        private static func quote(_ value: String) -> String {
            value.replacingOccurrences(of: "\"", with: "%22")
                .replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
    }
}
