import Foundation

/// A transport that reports a call's progress as bytes move and writes a download's successful
/// body to its file while it arrives: the built-in transports. The transport stage asks one of
/// these for calls made with ``HTTPClient/transfer(_:)`` and ``HTTPClient/download(_:to:)``;
/// it reports any other transport's totals itself.
protocol ProgressReportingTransport: HTTPTransport {
    /// Sends `request` once like ``HTTPTransport/send(_:)``, reporting bytes sent and received to
    /// `progress` as they move and, when `file` is set, writing a successful (2xx) body there
    /// instead of keeping it in memory (then `progress` hears how many bytes were written).
    func send(_ request: HTTPRequest, reporting progress: TransferProgress.Reporter, writingTo file: DownloadFile?)
        async throws -> HTTPResponse
}

extension URLSessionTransport: ProgressReportingTransport {}

#if os(Linux)
extension CurlTransport: ProgressReportingTransport {}
#endif
