import Courier
import Foundation

/// Compares the request our call sent with the one PRAW sent, and lists the differences.
///
/// The rules (also in the "Moderating with RedditAPI" article):
/// - The method must be the same.
/// - Paths are compared percent-decoded, without the host, leading and trailing `/` and a
///   `.json` suffix (PRAW writes `api/approve/`, we send `/api/approve`), and by what they ask
///   for: a post's comment page is `comments/ID` however it is spelled (`r/SUB/comments/ID`,
///   with or without the title's slug), a comment's permalink `comments/ID/_/COMMENT`.
/// - The query, the form and the top level of a JSON body are compared as multisets of fields.
///   A field PRAW sent and we did not is a difference; so is one we sent and PRAW did not,
///   except: `raw_json=1` (query) and `api_type=json` (body), which our client adds to every
///   call, when PRAW did not send them; a default the call declares
///   (``FixtureCall/sendingDefaults(_:)``) when PRAW did not send that field; and a field PRAW
///   sent that the call declares it leaves out, with a reason (``FixtureCall/leavingOut(_:because:)``).
/// - A field an older PRAW spelled differently (``FixtureCall/reading(_:as:)``) is compared under
///   the name the call sends.
/// - Values are compared as text, except that Booleans are equal in any case and spelling
///   (`True`, `true`, JSON `true`, `on`; `off`), values holding a JSON array or object are compared as JSON, and any two
///   `limit`s of 100 or more are equal (Reddit's maximum; PRAW asks for 1024 to mean "all").
/// - A JSON body and a form whose one field `json` holds the same document are the same request
///   (Reddit's `/api/v1/modactions/...` endpoints read either; PRAW sent each in turn).
/// - When the recording holds no body (the extractor could not tell "no body" from "not
///   recorded"), the body is not compared.
enum RequestComparison {
    static func differences(recorded: RecordedRequest, sent: HTTPRequest, call: FixtureCall) -> [String] {
        var differences: [String] = []
        if recorded.method != sent.method.rawValue {
            differences.append("method: PRAW sent \(recorded.method), we sent \(sent.method.rawValue)")
        }
        let components = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)
        let ourPath = PathTemplate.normalized(components?.percentEncodedPath ?? sent.url.path)
        let theirPath = PathTemplate.normalized(recorded.path)
        if PathTemplate.canonical(ourPath) != PathTemplate.canonical(theirPath) {
            differences.append("path: PRAW sent /\(theirPath), we sent /\(ourPath)")
        }
        let ourQuery = FormFields.parseQuery(components?.percentEncodedQuery ?? "")
        differences += compare(
            "query", recorded: recorded.query, sent: ourQuery, added: [Field("raw_json", "1")], call: call)
        guard recorded.bodyRecorded else { return differences }
        let body = SentBody(sent)
        if let form = recorded.form {
            differences += compare(
                "form", recorded: form, sent: body.form ?? [], added: [Field("api_type", "json")], call: call)
        } else if let json = recorded.json {
            differences += compareJSON(json, body: body, call: call)
        }
        return differences
    }

    private static func compareJSON(_ recorded: JSON, body: SentBody, call: FixtureCall) -> [String] {
        let apiType = Field("api_type", "json")
        if let sent = body.json {
            guard let theirs = recorded.objectValue, let ours = sent.objectValue else {
                return recorded == sent ? [] : ["JSON body: PRAW sent \(recorded), we sent \(sent)"]
            }
            return compare("JSON body", recorded: fields(theirs), sent: fields(ours), added: [apiType], call: call)
        }
        if let form = body.form, let document = form.first(where: { $0.name == "json" }),
            form.allSatisfy({ $0.name == "json" || $0.name == "api_type" }),
            let sent = try? JSON.TapeDecoder().decode(JSON.self, from: Data(document.value.utf8))
        {
            var theirs = recorded.objectValue ?? [:]
            theirs["api_type"] = nil
            return compare(
                "JSON document", recorded: fields(theirs), sent: fields(sent.objectValue ?? [:]), added: [], call: call)
        }
        return ["body: PRAW sent JSON \(recorded), we sent " + (body.form.map { "a form \($0)" } ?? "no body")]
    }

    /// A JSON object's top level as fields, values as form text (arrays and objects as JSON).
    private static func fields(_ object: [String: JSON]) -> [Field] {
        object.sorted { $0.key < $1.key }.compactMap { name, value in FormFields.text(value).map { Field(name, $0) } }
    }

    private static func compare(_ part: String, recorded: [Field], sent: [Field], added: [Field], call: FixtureCall)
        -> [String]
    {
        let recorded = recorded.map { field in call.renamed[field.name].map { Field($0, field.value) } ?? field }
        var unmatched = sent
        var missing: [Field] = []
        for field in recorded {
            if let index = unmatched.firstIndex(where: { $0.name == field.name && equivalent(field, $0, call) }) {
                unmatched.remove(at: index)
            } else {
                missing.append(field)
            }
        }
        let recordedNames = Set(recorded.map(\.name))
        let tolerated = added + call.defaults
        unmatched.removeAll { field in
            !recordedNames.contains(field.name)
                && tolerated.contains { $0.name == field.name && equivalent($0, field) }
        }
        var differences: [String] = []
        for field in missing where call.legacy[field.name] == nil {
            if let index = unmatched.firstIndex(where: { $0.name == field.name }) {
                differences.append("\(part): PRAW sent \(field), we sent \(unmatched[index])")
                unmatched.remove(at: index)
            } else {
                differences.append("\(part): PRAW sent \(field), we did not")
            }
        }
        differences += unmatched.map { "\(part): we sent \($0), PRAW did not" }
        return differences
    }

    /// Whether PRAW's field and ours mean the same: by the call's own rule for that field when it
    /// declares one, else by the general rule below.
    static func equivalent(_ theirs: Field, _ ours: Field, _ call: FixtureCall) -> Bool {
        if let rule = call.equivalences[theirs.name] { return rule(theirs.value, ours.value) }
        return equivalent(theirs, ours)
    }

    /// Whether two fields of the same name mean the same: their values are equivalent, or both
    /// are a `limit` of 100 or more (Reddit sends at most 100 items; PRAW asks for 1024 when it
    /// wants "all", our calls cap the limit at 100).
    static func equivalent(_ a: Field, _ b: Field) -> Bool {
        if a.name == "limit", let x = Int(a.value), let y = Int(b.value), x >= 100, y >= 100 { return true }
        return equivalent(a.value, b.value)
    }

    /// Whether two values mean the same: equal text, a Boolean in any case, or the same JSON.
    static func equivalent(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        func boolean(_ text: String) -> String? {
            switch text.lowercased() {
            case "true", "on": "true"
            case "false", "off": "false"
            default: nil
            }
        }
        if let x = boolean(a), x == boolean(b) { return true }
        guard let first = a.first, "[{".contains(first), let second = b.first, "[{".contains(second),
            let left = try? JSON.TapeDecoder().decode(JSON.self, from: Data(a.utf8)),
            let right = try? JSON.TapeDecoder().decode(JSON.self, from: Data(b.utf8))
        else { return false }
        return left == right
    }
}

/// The body our call sent, read as a form or as JSON by its content type. A multipart form's
/// fields are read as a form, each file as `<file content omitted by extractor: N bytes>`, the
/// way the recordings' extractor wrote the files PRAW sent.
private struct SentBody {
    var form: [Field]?
    var json: JSON?

    init(_ request: HTTPRequest) {
        guard let data = request.body?.data, !data.isEmpty else { return }
        let contentType = request.headers["Content-Type"] ?? ""
        if contentType.lowercased().hasPrefix("application/json") {
            json = try? JSON.TapeDecoder().decode(JSON.self, from: data)
        } else if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            form = FormFields.parseQuery(String(decoding: data, as: UTF8.self))
        } else if contentType.lowercased().hasPrefix("multipart/form-data") {
            form = MultipartFields.parse(data, contentType: contentType)
        }
    }
}
