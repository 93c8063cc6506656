import Courier
import Foundation
import RedditAPI

/// A decoded answer in a few words, for the `OK <model> <summary>` lines.
package protocol FixtureSummarizable {
    /// What the value holds, in a few words.
    var fixtureSummary: String { get }
}

/// Names and summaries of decoded answers.
package enum FixtureSummary {
    /// A type's name as the report prints it (`Void` for `()`, no module prefixes).
    package static func modelName<Value>(_ type: Value.Type) -> String {
        let name = String(describing: type)
        return name == "()" ? "Void" : name
    }

    /// A short account of `value`: ``FixtureSummarizable`` values describe themselves,
    /// optionals and arrays say what they hold, anything else its type.
    package static func describe<Value>(_ value: Value) -> String {
        describeAny(value)
    }

    private static func describeAny(_ value: Any) -> String {
        if let summarizable = value as? any FixtureSummarizable { return summarizable.fixtureSummary }
        if value is Void { return "acknowledged" }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "none" }
            return describeAny(wrapped)
        }
        if mirror.displayStyle == .collection {
            let items = mirror.children.map { describeAny($0.value) }
            return "\(items.count) item\(items.count == 1 ? "" : "s")" + (items.first.map { ": first " + $0 } ?? "")
        }
        if let text = value as? String { return quoted(text) }
        return String(describing: type(of: value))
    }

    /// A string cut to 40 characters and quoted.
    package static func quoted(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return "\"" + (line.count > 40 ? line.prefix(39) + "…" : line) + "\""
    }

    /// `3 items: t3 ×2, t1 ×1`.
    package static func counted(_ kinds: [String]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for kind in kinds {
            if counts[kind] == nil { order.append(kind) }
            counts[kind, default: 0] += 1
        }
        let list = order.map { "\($0) ×\(counts[$0]!)" }.joined(separator: ", ")
        return "\(kinds.count) item\(kinds.count == 1 ? "" : "s")" + (list.isEmpty ? "" : ": " + list)
    }
}
