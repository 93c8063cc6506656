// The built-in transports report progress themselves: their delegates read the reporter the
// request carries (``TransferObserverKey``) and count bytes as they move.

extension URLSessionTransport {
    /// Sends `request`, reporting progress as bytes move and writing a successful body to the
    /// reporter's ``TransferProgress/Reporter/destination`` when it has one.
    public func send(_ request: HTTPRequest, reporting progress: TransferProgress.Reporter) async throws -> HTTPResponse
    {
        var request = request
        request.options[TransferObserverKey.self] = progress
        return try await send(request)
    }
}

#if os(Linux)
extension CurlTransport {
    /// Sends `request`, reporting progress as bytes move and writing a successful body to the
    /// reporter's ``TransferProgress/Reporter/destination`` when it has one.
    public func send(_ request: HTTPRequest, reporting progress: TransferProgress.Reporter) async throws -> HTTPResponse
    {
        var request = request
        request.options[TransferObserverKey.self] = progress
        return try await send(request)
    }
}
#endif
