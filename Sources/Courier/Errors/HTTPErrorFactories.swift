public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every stage of the pipeline makes its error here, from the request it was handling, so no
// stage reaches back into the client for it.
extension HTTPError {
    /// Wraps anything a stage threw for `request`: an `HTTPError` as it is, a cancellation as
    /// ``Kind/cancelled``, a `URLError` as ``Kind/transport(_:)``, a header field a built-in
    /// transport refused as ``Kind/invalidRequest(reason:underlying:)``, a body past the call's
    /// limit as ``Kind/responseBodyTooLarge(limit:received:expected:)``, a redirect to another
    /// scheme as ``Kind/redirectRefused(location:)``, a header section too large as
    /// ``Kind/responseHeadersTooLarge(limit:)``, and anything else as
    /// ``Kind/interceptorFailed(_:)`` when `interceptor` names who threw it, or
    /// ``Kind/transport(_:)`` when the transport did.
    ///
    /// - Parameters:
    ///   - error: What was thrown.
    ///   - request: The request being handled.
    ///   - attempts: How many attempts were made so far.
    ///   - interceptor: The type name of the interceptor that threw it; nil for the transport.
    public init(wrapping error: any Error, request: HTTPRequest, attempts: Int, interceptor: String? = nil) {
        switch error {
        case let error as HTTPError:
            self = error
        case is CancellationError:
            self.init(.cancelled, method: request.method, url: request.url, attempts: attempts)
        case let error as URLError where error.code == .cancelled && Task.isCancelled:
            self.init(.cancelled, method: request.method, url: request.url, attempts: attempts)
        case let error as URLError:
            self.init(.transport(error), method: request.method, url: request.url, attempts: attempts)
        case let error as ResponseBodyTooLarge:
            self.init(
                .responseBodyTooLarge(limit: error.limit, received: error.received, expected: error.expected),
                method: request.method, url: request.url, attempts: attempts)
        case let error as CertificatePinningError:
            self.init(
                .certificatePinMismatch(host: error.host), method: request.method, url: request.url, attempts: attempts)
        case let error as ProxyError:
            self.init(
                .proxyFailed(proxy: error.proxy, status: error.status, reason: error.reason), method: request.method,
                url: request.url, attempts: attempts)
        case let error as RedirectRefused:
            self.init(
                .redirectRefused(location: error.location), method: request.method, url: request.url, attempts: attempts
            )
        case let error as ResponseHeadersTooLarge:
            self.init(
                .responseHeadersTooLarge(limit: error.limit), method: request.method, url: request.url,
                attempts: attempts)
        case let error as InvalidHeaderField:
            // A built-in transport called with a request the pipeline never lets through.
            self.init(
                .invalidRequest(reason: error.description, underlying: nil), method: request.method, url: request.url,
                attempts: attempts)
        default:
            let kind: Kind = interceptor == nil ? .transport(error) : .interceptorFailed(error)
            self.init(kind, method: request.method, url: request.url, attempts: attempts, interceptor: interceptor)
        }
    }

    /// The error for a response whose status `request` does not accept (``HTTPRequest/accepts(statusCode:)``).
    public static func unacceptableStatus(_ response: HTTPResponse, request: HTTPRequest, attempts: Int = 1)
        -> HTTPError
    {
        HTTPError(
            .unacceptableStatus(response.statusCode), method: request.method, url: request.url, response: response,
            attempts: attempts)
    }

    /// The error for a response refused by a validator, with its reason.
    public static func validationFailed(
        _ reason: String, request: HTTPRequest, response: HTTPResponse, attempts: Int = 1
    ) -> HTTPError {
        HTTPError(
            .validationFailed(reason: reason), method: request.method, url: request.url, response: response,
            attempts: max(attempts, 1))
    }

    /// The error for a response carrying the API's own error payload (see ``APIErrorDecoder``).
    public static func server(_ error: any Error, request: HTTPRequest, response: HTTPResponse, attempts: Int = 1)
        -> HTTPError
    {
        HTTPError(.server(error), method: request.method, url: request.url, response: response, attempts: attempts)
    }

    /// The error for a call dropped because an identical one was in flight.
    public static func duplicateDropped(_ request: HTTPRequest) -> HTTPError {
        HTTPError(.duplicateDropped, method: request.method, url: request.url)
    }

    /// The error a transport's initialiser throws when it cannot be created as asked.
    static func transportUnavailable(_ reason: String) -> HTTPError {
        HTTPError(.transportUnavailable(reason: reason), method: .get, url: nil)
    }

    /// The error for a request that could not be built or whose body could not be encoded.
    public static func invalidRequest(
        _ reason: String, underlying: (any Error)? = nil, method: HTTPMethod, url: URL?
    ) -> HTTPError {
        HTTPError(.invalidRequest(reason: reason, underlying: underlying), method: method, url: url)
    }
}
