import Courier
import Foundation

/// How requests map to cache rows: the resource (method and URL) and, within it, the variant
/// chosen by the headers the response named in `Vary`.
enum CacheKey {
    static func resource(of request: HTTPRequest) -> String {
        request.method.rawValue + " " + request.url.absoluteString
    }

    static func key(of request: HTTPRequest, varyValues: [String: String]) -> String {
        let variant = varyValues.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        return resource(of: request) + "\n" + variant
    }

    /// The lower-cased header names in `Vary`; nil for `Vary: *` (the response can't be reused).
    static func varyNames(_ headers: HTTPHeaders) -> [String]? {
        var names: [String] = []
        for value in headers.values(for: "Vary") {
            for name in value.split(separator: ",") {
                let name = name.trimmingCharacters(in: .whitespaces).lowercased()
                if name == "*" { return nil }
                if !name.isEmpty && !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The request's values for `names`, all values of a name joined; absent headers map to "".
    static func values(of names: [String], in headers: HTTPHeaders) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            values[name] = headers.values(for: name).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: ", ")
        }
        return values
    }
}
