import Foundation

/// Reads a post given as an id (`3hahrw`), a fullname (`t3_3hahrw`) or a URL
/// (`https://www.reddit.com/r/funny/comments/3hahrw/ba_dum_tsss/`, `https://redd.it/3hahrw`).
package enum PostReference {
    /// The post's id36, or nil when `text` names no post.
    package static func id(from text: String) -> String? {
        if text.hasPrefix("t3_") {
            let id = text.dropFirst(3)
            return FullnameCheck.isID36(id) ? String(id).lowercased() : nil
        }
        if FullnameCheck.isID36(text) { return text.lowercased() }
        guard let url = URL(string: text), let host = url.host?.lowercased() else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        if host == "redd.it" || host.hasSuffix(".redd.it") {
            return parts.count == 1 && FullnameCheck.isID36(parts[0]) ? parts[0].lowercased() : nil
        }
        guard host == "reddit.com" || host.hasSuffix(".reddit.com"),
            let marker = parts.firstIndex(of: "comments"), marker + 1 < parts.count,
            FullnameCheck.isID36(parts[marker + 1])
        else { return nil }
        return parts[marker + 1].lowercased()
    }

    /// The comment a comment permalink points at (`…/comments/<post>/<slug>/<comment>/`) and
    /// how many of its parents to show (the link's `context`, else 3); nil for a post link.
    package static func comment(from text: String) -> (id: String, context: Int)? {
        guard id(from: text) != nil, let components = URLComponents(string: text) else { return nil }
        let parts = components.path.split(separator: "/").map(String.init)
        guard let marker = parts.firstIndex(of: "comments"), marker + 3 < parts.count,
            FullnameCheck.isID36(parts[marker + 3])
        else { return nil }
        let context = components.queryItems?.first { $0.name == "context" }?.value.flatMap { Int($0) } ?? 3
        return (parts[marker + 3].lowercased(), min(max(context, 0), 100))
    }
}
