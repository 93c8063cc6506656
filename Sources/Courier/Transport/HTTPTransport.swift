/// Sends one request over the network and returns the response: the last step of the pipeline.
///
/// A transport reports what happened on the wire and nothing more: any status code is a
/// response, not an error. Network failures are thrown as `URLError`; cancellation of the calling
/// task must cancel the request promptly and throw `CancellationError` or `URLError(.cancelled)`.
///
/// ``CurlTransport`` is the default on Linux and ``URLSessionTransport`` elsewhere. Test doubles (`StubTransport`, `ReplayTransport` in
/// CourierTesting) implement this protocol, so the whole pipeline runs on top of them unchanged.
public protocol HTTPTransport: Sendable {
    /// Sends `request` once and returns the response, whatever its status.
    func send(_ request: HTTPRequest) async throws -> HTTPRawResponse
}
