public import Courier
import Foundation

extension RedditClient {
    /// Every item of a list that is not made of things (``ItemListing``: users with flair, wiki
    /// revisions, lists of users), across pages, fetching pages as they are needed. It ends when
    /// Reddit sends no `after`, an empty page, or the `after` it was sent again.
    ///
    /// ```swift
    /// for try await flair in reddit.items(Reddit.userFlairs(in: "swift", page: .init(limit: 100))) {
    ///     print(flair.user, flair.text ?? "")
    /// }
    /// ```
    public func items<Item>(_ first: Request<ItemListing<Item>>) -> some AsyncSequence<Item, HTTPError> & Sendable {
        http.pages(first) { response in
            guard let after = response.value.after, !after.isEmpty, !response.value.items.isEmpty else { return nil }
            let sent = URLComponents(url: response.request.url, resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == "after" }?.value
            guard sent != after else { return nil }
            var next = first
            next.query.removeAll { ["after", "before", "count"].contains($0.name) }
            next.query.append(URLQueryItem(name: "after", value: after))
            return next
        }.items(\.items)
    }
}
