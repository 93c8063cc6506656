import Foundation

/// An `AsyncSequence` of the pages of a paginated endpoint, fetched one at a time as they are
/// asked for.
///
/// ```swift
/// for try await page in client.pages(Request<Listing>(path: "/items")) { response in
///     response.value.next.map { cursor in Request<Listing>(path: "/items", query: [.init(name: "after", value: cursor)]) }
/// } {
///     show(page.items)
/// }
/// ```
public struct Pages<Page: Sendable>: AsyncSequence, Sendable {
    /// Each element is one page's decoded value.
    public typealias Element = Page
    /// Errors are the client's.
    public typealias Failure = HTTPError

    let client: HTTPClient
    let first: Request<Page>
    let nextRequest: @Sendable (Response<Page>) -> Request<Page>?

    /// Fetches pages in order.
    struct PageIterator: AsyncIteratorProtocol, Sendable {
        let client: HTTPClient
        var pending: Request<Page>?
        let nextRequest: @Sendable (Response<Page>) -> Request<Page>?

        /// The next page, or nil after the last one.
        mutating func next() async throws(HTTPError) -> Page? {
            guard let request = pending else { return nil }
            pending = nil
            let response = try await client.send(request)
            pending = nextRequest(response)
            return response.value
        }

        /// The next page, or nil after the last one.
        mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPError) -> Page? {
            try await next()
        }
    }

    /// Starts iterating from the first page.
    public func makeAsyncIterator() -> some AsyncIteratorProtocol<Page, HTTPError> & Sendable { pageIterator() }

    func pageIterator() -> PageIterator {
        PageIterator(client: client, pending: first, nextRequest: nextRequest)
    }

    /// The items of every page, in order, fetching pages as they are needed.
    public func items<Item: Sendable>(
        _ items: @escaping @Sendable (Page) -> [Item]
    ) -> some AsyncSequence<Item, HTTPError> & Sendable {
        Items(pages: self, items: items)
    }
}

extension Pages {
    /// The items of every page of a ``Pages`` sequence, in order.
    struct Items<Item: Sendable>: AsyncSequence, Sendable {
        typealias Element = Item
        typealias Failure = HTTPError

        let pages: Pages<Page>
        let items: @Sendable (Page) -> [Item]

        /// Walks the items of one page, then fetches the next.
        struct ItemIterator: AsyncIteratorProtocol, Sendable {
            var pages: Pages<Page>.PageIterator
            let items: @Sendable (Page) -> [Item]
            var buffer: IndexingIterator<[Item]> = [Item]().makeIterator()

            /// The next item, or nil after the last page's last item.
            mutating func next() async throws(HTTPError) -> Item? {
                while true {
                    if let item = buffer.next() { return item }
                    guard let page = try await pages.next() else { return nil }
                    buffer = items(page).makeIterator()
                }
            }

            /// The next item, or nil after the last page's last item.
            mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPError) -> Item? {
                try await next()
            }
        }

        /// Starts from the first page.
        func makeAsyncIterator() -> ItemIterator {
            ItemIterator(pages: pages.pageIterator(), items: items)
        }
    }
}

extension HTTPClient {
    /// The pages of a paginated endpoint, starting with `first`.
    ///
    /// - Parameters:
    ///   - first: The request for the first page.
    ///   - next: Given the response for one page, returns the request for the next, or nil when
    ///     that page was the last. It can read a cursor from the body or a header.
    public func pages<Page: Sendable>(
        _ first: Request<Page>, next: @escaping @Sendable (Response<Page>) -> Request<Page>?
    ) -> Pages<Page> {
        Pages(client: self, first: first, nextRequest: next)
    }

    /// The pages of an endpoint paginated by a cursor sent as a query item (`after`, `cursor`,
    /// `page_token`...).
    ///
    /// - Parameters:
    ///   - first: The request for the first page.
    ///   - cursorName: The query item that carries the cursor.
    ///   - cursor: Reads the next page's cursor from a response; nil or empty ends the sequence.
    public func pages<Page: Sendable>(
        _ first: Request<Page>, cursorName: String, cursor: @escaping @Sendable (Response<Page>) -> String?
    ) -> Pages<Page> {
        pages(first) { response in
            guard let value = cursor(response), !value.isEmpty else { return nil }
            var next = first
            next.query.removeAll { $0.name == cursorName }
            next.query.append(URLQueryItem(name: cursorName, value: value))
            return next
        }
    }
}
