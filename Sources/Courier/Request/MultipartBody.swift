public import Foundation

extension RequestBody {
    /// A `multipart/form-data` body (RFC 7578): named fields and files.
    public struct Multipart: Sendable {
        /// One part of the form.
        public struct Part: Sendable {
            /// The form field name.
            public var name: String
            /// The file name, for file parts.
            public var filename: String?
            /// The part's content type, if any.
            public var contentType: String?
            /// The part's bytes.
            public var data: Data
        }

        /// The boundary between parts; random unless given.
        public let boundary: String
        /// The parts in order.
        public private(set) var parts: [Part] = []

        /// Creates an empty form with a random boundary.
        public init(boundary: String = "courier-" + UUID().uuidString) {
            self.boundary = boundary
        }

        /// Adds a text field.
        public mutating func add(name: String, value: String) {
            parts.append(Part(name: name, filename: nil, contentType: nil, data: Data(value.utf8)))
        }

        /// Adds a file field.
        public mutating func add(
            name: String, filename: String, contentType: String = "application/octet-stream", data: Data
        ) {
            parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
        }

        /// The `Content-Type` header value, with the boundary.
        public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

        /// The encoded body.
        public func encoded() -> Data {
            var body = Data()
            func line(_ text: String) { body.append(Data((text + "\r\n").utf8)) }
            for part in parts {
                line("--\(boundary)")
                var disposition = "Content-Disposition: form-data; name=\"\(Self.quote(part.name))\""
                if let filename = part.filename { disposition += "; filename=\"\(Self.quote(filename))\"" }
                line(disposition)
                if let contentType = part.contentType { line("Content-Type: \(contentType)") }
                line("")
                body.append(part.data)
                line("")
            }
            line("--\(boundary)--")
            return body
        }

        /// Escapes a quoted-string parameter the way browsers do (RFC 7578 §4.2).
        private static func quote(_ value: String) -> String {
            value.replacingOccurrences(of: "\"", with: "%22")
                .replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
    }
}
