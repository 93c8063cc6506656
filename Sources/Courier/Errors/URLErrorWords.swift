import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError.Code {
    /// The code in a few words, for error descriptions beside its number ("-1004 cannot connect
    /// to host"): Foundation's own text on Linux is only "NSURLErrorDomain error -1004".
    var words: String {
        switch self {
        case .unknown: "unknown error"
        case .cancelled: "cancelled"
        case .badURL: "bad URL"
        case .timedOut: "timed out"
        case .unsupportedURL: "unsupported URL"
        case .cannotFindHost: "cannot find host"
        case .cannotConnectToHost: "cannot connect to host"
        case .networkConnectionLost: "connection lost"
        case .dnsLookupFailed: "DNS lookup failed"
        case .httpTooManyRedirects: "too many redirects"
        case .resourceUnavailable: "resource unavailable"
        case .notConnectedToInternet: "not connected to the internet"
        case .redirectToNonExistentLocation: "redirect to a location that does not exist"
        case .badServerResponse: "bad server response"
        case .userCancelledAuthentication: "authentication cancelled"
        case .userAuthenticationRequired: "authentication required"
        case .zeroByteResource: "empty response"
        case .cannotDecodeRawData: "cannot decode raw data"
        case .cannotDecodeContentData: "cannot decode content data"
        case .cannotParseResponse: "cannot parse response"
        case .fileDoesNotExist: "file does not exist"
        case .fileIsDirectory: "file is a directory"
        case .noPermissionsToReadFile: "no permission to read file"
        case .dataLengthExceedsMaximum: "data length exceeds maximum"
        case .secureConnectionFailed: "TLS connection failed"
        case .serverCertificateHasBadDate: "server certificate has a bad date"
        case .serverCertificateUntrusted: "server certificate untrusted"
        case .serverCertificateHasUnknownRoot: "server certificate has an unknown root"
        case .serverCertificateNotYetValid: "server certificate not yet valid"
        case .clientCertificateRejected: "client certificate rejected"
        case .clientCertificateRequired: "client certificate required"
        case .cannotLoadFromNetwork: "cannot load from network"
        case .cannotCreateFile: "cannot create file"
        case .cannotOpenFile: "cannot open file"
        case .cannotCloseFile: "cannot close file"
        case .cannotWriteToFile: "cannot write to file"
        case .cannotRemoveFile: "cannot remove file"
        case .cannotMoveFile: "cannot move file"
        case .downloadDecodingFailedMidStream: "download decoding failed mid-stream"
        case .downloadDecodingFailedToComplete: "download decoding failed to complete"
        case .internationalRoamingOff: "international roaming off"
        case .callIsActive: "a call is active"
        case .dataNotAllowed: "data not allowed"
        case .requestBodyStreamExhausted: "request body stream exhausted"
        case .backgroundSessionRequiresSharedContainer: "background session requires a shared container"
        case .backgroundSessionInUseByAnotherProcess: "background session in use by another process"
        case .backgroundSessionWasDisconnected: "background session disconnected"
        default: "URL error"
        }
    }
}

extension URLError {
    /// This error, saying the limit when it is a timeout of a request with a timeout of its own
    /// ("no response within the request's timeout of 0.5 s"), after the transport's own words.
    func sayingTimeout(of request: HTTPRequest) -> URLError {
        guard code == .timedOut, let timeout = request.timeout else { return self }
        let limit = "the request's timeout of \(Self.seconds(timeout)) passed"
        var userInfo = self.userInfo
        let own = userInfo[NSLocalizedDescriptionKey] as? String
        let prefix = "the request's timeout passed"
        if let own, own.hasPrefix(prefix) {
            userInfo[NSLocalizedDescriptionKey] = limit + own.dropFirst(prefix.count)
        } else {
            userInfo[NSLocalizedDescriptionKey] = own.map { "\(limit) (\($0))" } ?? limit
        }
        return URLError(code, userInfo: userInfo)
    }

    /// "0.5 s", "2 s", "0.25 s".
    private static func seconds(_ duration: Duration) -> String {
        let seconds = duration.timeInterval
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.3g s", seconds)
    }
}
