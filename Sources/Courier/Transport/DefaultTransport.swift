extension HTTPClient {
    /// The transport a client uses when it is not given one: ``CurlTransport`` on Linux (when
    /// libcurl loads, which it does wherever FoundationNetworking works), ``URLSessionTransport``
    /// elsewhere. Libraries built on Courier (RedditAPI) default to it too.
    public static let defaultTransport: any HTTPTransport = {
        #if os(Linux)
        if let curl = CurlTransport.shared { return curl }
        #endif
        return URLSessionTransport.shared
    }()
}
