package import Courier
import Foundation
package import RedditAPI

/// The request a recording holds, with the accessors a route uses to rebuild it through the
/// public API. Each accessor throws ``FixtureRouteError`` when the recording lacks the value or
/// holds one the call cannot express, so a route reads like the call it makes:
///
/// ```swift
/// FixtureRoute("approve", call: "Reddit.approve(_:)") { recorded in
///     FixtureCall(Reddit.approve(try recorded.fullname("id")))
/// }
/// ```
package struct RecordedRequest: Sendable {
    /// The method, upper-case.
    package let method: String
    /// The path as sent (percent-encoded as it went out).
    package let path: String
    /// The query's fields, decoded, in order.
    package let query: [Field]
    /// The form's fields, normalized as ``FormFields/normalize(_:)`` says; nil when no form was recorded.
    package let form: [Field]?
    /// The JSON body; nil when none was recorded.
    package let json: JSON?
    /// The values of the template's placeholders (`subreddit`, `id`...), decoded.
    package let pathParameters: [String: String]

    /// Whether the recording holds the request's body (a form or JSON). Some cassettes left out
    /// the JSON bodies of the poll and gallery endpoints; the check then compares no body.
    package var bodyRecorded: Bool { form != nil || json != nil }

    // MARK: Path

    /// A placeholder of the path template, such as `subreddit`.
    package func path(_ name: String) throws(FixtureRouteError) -> String {
        guard let value = pathParameters[name] else { throw .missing("path parameter {\(name)}") }
        return value
    }

    // MARK: Body fields (form, or the JSON body's top level)

    /// A field of the form or of the JSON body, as text; nil when absent.
    package func optionalField(_ name: String) -> String? {
        if let form, let field = form.first(where: { $0.name == name }) { return field.value }
        if let value = json?[name] { return FormFields.text(value) }
        return nil
    }

    /// A field of the form or of the JSON body, as text.
    package func field(_ name: String) throws(FixtureRouteError) -> String {
        guard let value = optionalField(name) else { throw .missing("field \(name)") }
        return value
    }

    /// A field, or `standIn` when the recording holds no body at all (see ``bodyRecorded``).
    package func field(_ name: String, unrecorded standIn: String) throws(FixtureRouteError) -> String {
        bodyRecorded ? try field(name) : standIn
    }

    /// A fullname field.
    package func fullname(_ name: String) throws(FixtureRouteError) -> Fullname { Fullname(try field(name)) }

    /// A Boolean field (`true`/`false` in any case, `1`/`0`); nil when absent.
    package func optionalBool(_ name: String) throws(FixtureRouteError) -> Bool? {
        guard let text = optionalField(name) else { return nil }
        return try Self.bool(text, name)
    }

    /// A Boolean field.
    package func bool(_ name: String) throws(FixtureRouteError) -> Bool {
        guard let value = try optionalBool(name) else { throw .missing("field \(name)") }
        return value
    }

    /// An integer field; nil when absent.
    package func optionalInt(_ name: String) throws(FixtureRouteError) -> Int? {
        guard let text = optionalField(name) else { return nil }
        guard let value = Int(text) else { throw .unsupported("field \(name)=\(text) is not an integer") }
        return value
    }

    /// The JSON document of a form field that holds one (the `json` field of removal messages).
    package func embeddedJSON(_ name: String) throws(FixtureRouteError) -> JSON {
        if let form, let text = form.first(where: { $0.name == name })?.value {
            guard let document = try? JSON.TapeDecoder().decode(JSON.self, from: Data(text.utf8)) else {
                throw .unsupported("field \(name) is not JSON")
            }
            return document
        }
        // Older recordings sent the same document as the JSON body.
        if let json, form == nil { return json }
        throw .missing("field \(name)")
    }

    // MARK: Query

    /// A query field; nil when absent.
    package func optionalQuery(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// A query field.
    package func query(_ name: String) throws(FixtureRouteError) -> String {
        guard let value = optionalQuery(name) else { throw .missing("query \(name)") }
        return value
    }

    /// An integer query field; nil when absent.
    package func optionalQueryInt(_ name: String) throws(FixtureRouteError) -> Int? {
        guard let text = optionalQuery(name) else { return nil }
        guard let value = Int(text) else { throw .unsupported("query \(name)=\(text) is not an integer") }
        return value
    }

    /// A Boolean query field; nil when absent.
    package func optionalQueryBool(_ name: String) throws(FixtureRouteError) -> Bool? {
        guard let text = optionalQuery(name) else { return nil }
        return try Self.bool(text, name)
    }

    /// The paging fields of the query (`after`, `before`, `limit`, `count`).
    package var page: PageParameters {
        get throws(FixtureRouteError) {
            PageParameters(
                after: optionalQuery("after").map { Fullname($0) },
                before: optionalQuery("before").map { Fullname($0) },
                limit: try optionalQueryInt("limit"), count: try optionalQueryInt("count"))
        }
    }

    /// A query or form value that must be one of an enum's raw values.
    package func choice<Value: RawRepresentable>(_ text: String?, _ name: String, as type: Value.Type)
        throws(FixtureRouteError) -> Value? where Value.RawValue == String
    {
        guard let text else { return nil }
        guard let value = Value(rawValue: text) else { throw .unsupported("\(name)=\(text) is not a \(Value.self)") }
        return value
    }

    private static func bool(_ text: String, _ name: String) throws(FixtureRouteError) -> Bool {
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw .unsupported("field \(name)=\(text) is not a Boolean")
        }
    }
}

/// Why a route cannot rebuild a recorded request.
package enum FixtureRouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording lacks a value the call needs.
    case missing(String)
    /// The recording holds a value (or a variant of the endpoint) the call cannot express.
    case unsupported(String)

    package var description: String {
        switch self {
        case .missing(let what): "the recording has no \(what)"
        case .unsupported(let what): what
        }
    }
}
