import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SessionDelegate {
    /// The error of a failed transfer: a head past libcurl's limits (FoundationNetworking passes
    /// libcurl's words on: "Too large response headers: N > 307200" for the section, "Out of
    /// memory" for a line past 100 KB, both before any head arrived) as
    /// ``ResponseHeadersTooLarge``, which is not retried; anything else as
    /// ``urlError(_:received:of:url:)`` says.
    static func failure(_ error: any Error, received: Int64, of response: HTTPURLResponse?, url: URL?)
        -> any Error
    {
        let urlError = urlError(error, received: received, of: response, url: url)
        let message = urlError.userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        if response == nil, message.localizedCaseInsensitiveContains("too large response headers") {
            return ResponseHeadersTooLarge(limit: ResponseHeadersTooLarge.sectionLimit)
        }
        if response == nil, message.localizedCaseInsensitiveContains("out of memory") {
            return ResponseHeadersTooLarge(limit: ResponseHeadersTooLarge.lineLimit)
        }
        return urlError
    }

    /// chunk, is reported as a lost connection, as Apple platforms and ``CurlTransport`` do;
    /// FoundationNetworking reports it as an unknown error (libcurl's "transfer closed with N
    /// bytes remaining to read" or "transfer closed with outstanding read data remaining"),
    /// which hides that it is transient and keeps ``RetryPolicy`` from retrying it.
    ///
    /// FoundationNetworking turns libcurl's codes into `URLError` codes and keeps libcurl's
    /// message as the description; two of them are corrected here. libcurl's "unsupported
    /// protocol" for an http or https URL is about the answer, not the URL ("Received HTTP/0.9
    /// when not allowed": bytes that are not HTTP), so it is a bad server response. A connection
    /// reset by the server is a lost connection whatever code it came with, so that an idempotent
    /// request is retried as on CurlTransport.
    static func urlError(_ error: any Error, received: Int64, of response: HTTPURLResponse?, url: URL?)
        -> URLError
    {
        let urlError = urlError(error)
        let message = urlError.userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        if urlError.code != .networkConnectionLost, message.localizedCaseInsensitiveContains("connection reset") {
            return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
        }
        if urlError.code == .unsupportedURL, let scheme = url?.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        {
            return URLError(.badServerResponse, userInfo: urlError.userInfo)
        }
        if urlError.code == .unknown,
            message.localizedCaseInsensitiveContains("transfer closed")
                || response.map({ $0.expectedContentLength > received }) == true
        {
            return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
        }
        return urlError
    }

    static func urlError(_ error: any Error) -> URLError {
        if let urlError = error as? URLError { return urlError }
        let nsError = error as NSError
        #if canImport(FoundationNetworking)
        return URLError(URLError.Code(rawValue: nsError.code) ?? .unknown, userInfo: nsError.userInfo)
        #else
        return URLError(URLError.Code(rawValue: nsError.code), userInfo: nsError.userInfo)
        #endif
    }
}

extension HTTPResponse {
    /// The response as Courier's raw response, with `body`.
    init(_ response: HTTPURLResponse, body: Data, url: URL) {
        let all = response.allHeaderFields
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(all.count)
        for (name, value) in all {
            // The fields are strings; `String(describing:)` (slow: Benchmarks/README.md,
            // "Measurements behind the code") only in case.
            fields.append(
                .init(
                    name: name.base as? String ?? String(describing: name),
                    value: value as? String ?? String(describing: value)))
        }
        self.init(statusCode: response.statusCode, headers: HTTPHeaders(fields), body: body, url: url)
    }
}
