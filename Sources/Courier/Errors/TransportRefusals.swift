import Foundation

/// A redirect whose `Location` has a scheme other than http or https (`file:`, `ftp:`, `data:`,
/// `gopher:`…). The built-in transports never follow one, and fail the call with it; the client
/// reports it as ``HTTPError/Kind/redirectRefused(location:)``.
struct RedirectRefused: Error, CustomStringConvertible {
    /// The `Location` as the server sent it.
    let location: String

    var description: String {
        "refused to follow a redirect to \(LoggingMonitor.Redactor.default.redactBody(location)): only http and "
            + "https redirects are followed"
    }
}

/// A response whose header section is larger than the transport accepts (libcurl: 300 KB in
/// all, 100 KB a line); the client reports it as ``HTTPError/Kind/responseHeadersTooLarge(limit:)``,
/// which no retry policy retries.
struct ResponseHeadersTooLarge: Error, CustomStringConvertible {
    /// The limit that was passed, in bytes.
    let limit: Int

    /// libcurl's limit on a response's whole header section (`MAX_HTTP_RESP_HEADER_SIZE`).
    static let sectionLimit = 300 * 1024
    /// libcurl's limit on one header line (`CURL_MAX_HTTP_HEADER`).
    static let lineLimit = 100 * 1024

    var description: String {
        let what = limit == Self.lineLimit ? "a header line" : "header section"
        return "the response's \(what) was larger than \(limit) bytes (the transport's limit); not retried"
    }
}
