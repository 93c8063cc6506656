/// An ordered list of HTTP header fields with case-insensitive names.
///
/// Setting a value through the subscript replaces every field of that name; ``add(name:value:)``
/// keeps existing ones (for headers such as `Set-Cookie` that may repeat).
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field, as the transports hand them over and the list keeps them.
    package struct Field: Sendable, Hashable {
        /// The name as given (compared case-insensitively).
        package var name: String
        /// The value.
        package var value: String

        /// Creates a field.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    package private(set) var fields: [Field]

    /// Creates an empty header list.
    public init() { fields = [] }

    /// Creates headers from fields, keeping their order.
    package init(_ fields: [Field]) { self.fields = fields }

    /// Creates headers from a dictionary (order follows the sorted names, so it is stable).
    public init(_ dictionary: [String: String]) {
        fields = dictionary.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: $0.value) }
    }

    /// Creates headers from a literal such as `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name`, or nil. Setting replaces all fields of that name; nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            if let newValue {
                if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
                    fields[index].value = newValue
                    var position = fields.index(after: index)
                    while position < fields.endIndex {
                        if fields[position].name.caseInsensitiveEquals(name) {
                            fields.remove(at: position)
                        } else {
                            position = fields.index(after: position)
                        }
                    }
                } else {
                    fields.append(Field(name: name, value: newValue))
                }
            } else {
                fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            }
        }
    }

    /// Every value given for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Appends a field, keeping any existing one of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Adds every field of `other`, replacing fields of the same name.
    public mutating func merge(_ other: HTTPHeaders) {
        for field in other { self[field.name] = field.value }
    }

    /// Whether a field with this name is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates the fields in order, as `(name, value)` pairs:
    /// `for (name, value) in response.headers { ... }`.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.lazy.map { (name: $0.name, value: $0.value) }.makeIterator()
    }

    /// The fields as a dictionary; repeated names are joined with ", " (RFC 9110 §5.3).
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        var canonicalNames: [String: String] = [:]
        for field in fields {
            let key = canonicalNames[field.name.lowercased(), default: field.name]
            canonicalNames[field.name.lowercased()] = key
            if let existing = result[key] {
                result[key] = existing + ", " + field.value
            } else {
                result[key] = field.value
            }
        }
        return result
    }

    /// The fields, one `Name: value` per line, with secret values redacted.
    public var description: String {
        LoggingMonitor.Redactor.default.redact(self).fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        count == other.count && lowercased() == other.lowercased()
    }
}
