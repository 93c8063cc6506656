import Foundation
import RedditAPI

/// One picture or video of a post, with the MIME type its mailcap entry is looked up by.
package struct MediaItem: Sendable, Equatable {
    package var url: String
    package var mimeType: String
}

/// The media a post links to, guessed from its URL and the post's data: `i.redd.it` and other
/// image files, `v.redd.it` videos (their DASH playlist, which video players read), imgur's
/// `.gifv` (its `.mp4`), and gallery items in the gallery's order. Empty for other links.
enum PostMedia {
    /// The post's media; a crosspost's come from the original post.
    static func items(of post: Link) -> [MediaItem] {
        if post.isGallery || !post.galleryItems.isEmpty { return galleryItems(of: post) }
        if let item = item(for: post.url) { return [item] }
        if post.postHint == "image", let source = post.preview?.images.first?.source.url,
            let item = item(for: unescaped(source))
        {
            return [item]
        }
        if let original = post.crosspostParents.first, original.name != post.name { return items(of: original) }
        return []
    }

    /// The processed items of a gallery (Reddit lists unprocessed ones without an address).
    static func galleryItems(of post: Link) -> [MediaItem] {
        post.galleryItems.compactMap { item in
            guard let metadata = post.mediaMetadata[item.mediaID], let source = metadata.source?.url else {
                return nil
            }
            let url = unescaped(source)
            let type = metadata.mimeType.map(normalized) ?? Self.item(for: url)?.mimeType ?? "image/jpeg"
            return MediaItem(url: url, mimeType: type)
        }
    }

    /// The item a URL names by its host or file extension, or nil for a web page.
    static func item(for address: String) -> MediaItem? {
        guard let url = URL(string: address), let host = url.host?.lowercased() else { return nil }
        let pathExtension = url.pathExtension.lowercased()
        if host == "v.redd.it" {
            let id = url.path.split(separator: "/").first.map(String.init) ?? ""
            guard !id.isEmpty else { return nil }
            return MediaItem(url: "https://v.redd.it/\(id)/DASHPlaylist.mpd", mimeType: "video/mp4")
        }
        if pathExtension == "gifv" {
            let mp4 = address.replacingOccurrences(of: ".gifv", with: ".mp4")
            return MediaItem(url: mp4, mimeType: "video/mp4")
        }
        guard let type = types[pathExtension] else { return nil }
        return MediaItem(url: address, mimeType: type)
    }

    /// The MIME types of the file extensions media posts use.
    static let types = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime",
    ]

    /// Reddit's `image/jpg` is `image/jpeg` in mailcap files.
    private static func normalized(_ type: String) -> String {
        type.lowercased() == "image/jpg" ? "image/jpeg" : type.lowercased()
    }

    /// Reddit escapes `&` as `&amp;` in the addresses of previews and gallery items.
    private static func unescaped(_ url: String) -> String {
        url.replacingOccurrences(of: "&amp;", with: "&")
    }
}
