package import Courier
import Foundation

/// One field of a query or form: a name and its value as text.
package struct Field: Sendable, Hashable, CustomStringConvertible {
    /// The name.
    package let name: String
    /// The value, as sent.
    package let value: String

    /// Creates a field.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    package var description: String { name + "=" + value }
}

/// Reading recorded queries and forms into fields.
package enum FormFields {
    /// `a=1&b=2` into fields, percent-decoded (`+` as a space), in order.
    package static func parseQuery(_ query: String) -> [Field] {
        FormEncoding.decode(query).map { Field($0.0, $0.1) }
    }

    /// A recorded `form_body` into fields. Sidecars keep what the test client passed, so values
    /// may be JSON booleans, numbers or null: booleans become `true`/`false`, numbers their
    /// shortest text (`2`, `0.5`), and null fields are left out (requests never sends them).
    /// Repeated fields are recorded as arrays, one field each.
    package static func normalize(_ form: [String: JSON]) -> [Field] {
        var fields: [Field] = []
        for (name, value) in form.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .array(let values): fields += values.compactMap { text($0) }.map { Field(name, $0) }
            default: if let text = text(value) { fields.append(Field(name, text)) }
            }
        }
        return fields
    }

    /// A JSON scalar as form text; nil for null.
    package static func text(_ value: JSON) -> String? {
        switch value {
        case .null: nil
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let string): string
        case .array, .object: value.description
        }
    }
}
