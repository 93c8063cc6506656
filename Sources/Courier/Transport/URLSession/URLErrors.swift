import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns what URLSession reports into the `URLError` Courier passes on.
enum URLErrors {
    /// The error of a failed transfer, as a `URLError`.
    ///
    /// A body cut short of its `Content-Length` is reported as a lost connection, as Apple
    /// platforms do, so that it counts as transient. FoundationNetworking reports it as an unknown
    /// error with libcurl's message ("transfer closed with N bytes remaining to read"); `cutShort`
    /// says the caller saw fewer bytes than announced, and the message says so when it could not.
    static func urlError(_ error: any Error, cutShort: Bool = false) -> URLError {
        let urlError = plainURLError(error)
        let message = urlError.userInfo[NSLocalizedDescriptionKey] as? String
        if urlError.code == .unknown, cutShort || message?.hasPrefix("transfer closed with") == true {
            return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
        }
        return urlError
    }

    private static func plainURLError(_ error: any Error) -> URLError {
        if let urlError = error as? URLError { return urlError }
        let nsError = error as NSError
        #if canImport(FoundationNetworking)
        return URLError(URLError.Code(rawValue: nsError.code) ?? .unknown, userInfo: nsError.userInfo)
        #else
        return URLError(URLError.Code(rawValue: nsError.code), userInfo: nsError.userInfo)
        #endif
    }
}
