/// A header field that must not go on the wire: a name that is not an HTTP token, or a value
/// with CR, LF or NUL.
///
/// HTTP/1.1 ends a field at CR LF, so a line break in a name or value would end the field early
/// and let the rest pass for fields (or a whole request) of its own; some stacks drop such a
/// field silently instead, and NUL ends a C string early. Neither is ever sent: the pipeline
/// refuses the request with ``HTTPError/Kind/invalidRequest(reason:underlying:)`` when it is
/// built and again just before the transport, after the interceptors, and the built-in
/// transports refuse it too when they are called directly.
///
/// The description names the field with its control characters escaped, so it cannot forge a
/// log line, and never shows the value, which may be a secret.
struct InvalidHeaderField: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the field.
    enum Problem: Sendable, Equatable {
        /// The name is empty or has a character outside RFC 9110's `tchar`.
        case name
        /// The value holds this byte: CR, LF or NUL.
        case value(UInt8)
    }

    /// The field's name, as given.
    let name: String
    let problem: Problem

    var description: String {
        let shown = "\"" + String(name.prefix(64)).escapingControlCharacters + (name.count > 64 ? "…" : "") + "\""
        switch problem {
        case .name:
            return "the header name \(shown) is not an HTTP token (RFC 9110, section 5.6.2)"
        case .value(let byte):
            let what =
                switch byte {
                case UInt8(ascii: "\r"): "a carriage return (CR)"
                case UInt8(ascii: "\n"): "a line feed (LF)"
                default: "a NUL byte"
                }
            return "the value of the header \(shown) contains \(what), which HTTP does not allow in a field"
        }
    }
}

extension HTTPHeaders {
    /// The first field that must not be sent (see ``InvalidHeaderField``), or nil when every
    /// field may.
    func firstInvalidField() -> InvalidHeaderField? {
        for field in self {
            if !Self.isToken(field.name) { return InvalidHeaderField(name: field.name, problem: .name) }
            if let byte = field.value.utf8.first(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
                return InvalidHeaderField(name: field.name, problem: .value(byte))
            }
        }
        return nil
    }

    /// Whether `name` is a `token` of RFC 9110 (section 5.6.2): one or more of the visible ASCII
    /// characters other than the delimiters `"(),/:;<=>?@[\]{}`.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { tokenCharacters[Int($0)] }
    }

    private static let tokenCharacters: [Bool] = (0..<256).map { byte in
        guard byte > 0x20, byte < 0x7F else { return false }
        return !"\"(),/:;<=>?@[\\]{}".utf8.contains(UInt8(byte))
    }
}
