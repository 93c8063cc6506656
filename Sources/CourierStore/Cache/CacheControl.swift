import Courier
import Foundation

/// The `Cache-Control` directives this cache acts on (RFC 9111 §5.2), read from request or
/// response headers.
struct CacheControl: Equatable {
    var noStore = false
    var noCache = false
    var isPrivate = false
    var maxAge: Int?
    var sharedMaxAge: Int?

    init(_ headers: HTTPHeaders) {
        for value in headers.values(for: "Cache-Control") {
            for directive in value.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1)
                let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
                let argument =
                    parts.count > 1
                    ? parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                        in: CharacterSet(charactersIn: "\""))
                    : nil
                switch name {
                case "no-store": noStore = true
                // `no-cache="Set-Cookie"` names fields; treating it as plain no-cache is stricter.
                case "no-cache": noCache = true
                case "private": isPrivate = true
                // A malformed number counts as 0 (stale), never as "fresh forever".
                case "max-age": maxAge = argument.map { Int($0) ?? 0 } ?? 0
                case "s-maxage": sharedMaxAge = argument.map { Int($0) ?? 0 } ?? 0
                default: break
                }
            }
        }
        // `Pragma: no-cache` is the HTTP/1.0 form of a request's `Cache-Control: no-cache`.
        if headers.values(for: "Cache-Control").isEmpty,
            headers.values(for: "Pragma").contains(where: { $0.lowercased().contains("no-cache") })
        {
            noCache = true
        }
    }
}
