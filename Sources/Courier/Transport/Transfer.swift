public import Foundation

/// A call in flight whose upload and download progress can be watched.
///
/// Made by ``HTTPClient/transfer(_:)`` and ``HTTPClient/download(_:to:)``; the call starts at
/// once, whether or not anyone reads ``progress``.
///
/// ```swift
/// let transfer = client.download(Request<Data>(path: "/video.mp4"), to: fileURL)
/// for await progress in transfer.progress {
///     print("\(progress.download.completed) of \(progress.download.expected ?? 0) bytes")
/// }
/// let saved = try await transfer.response.value
/// ```
public struct Transfer<Value: Sendable>: Sendable {
    /// Snapshots of the bytes sent and received, ending when the call ends. A slow reader skips
    /// intermediate snapshots but always gets the latest; on success the last one shows the totals.
    public let progress: AsyncStream<TransferProgress>
    private let task: Task<Result<Response<Value>, HTTPError>, Never>

    init(progress: AsyncStream<TransferProgress>, task: Task<Result<Response<Value>, HTTPError>, Never>) {
        self.progress = progress
        self.task = task
    }

    /// The call's response, waiting for it. Cancelling the waiting task cancels the call.
    public var response: Response<Value> {
        get async throws(HTTPError) {
            let task = task
            return try await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }.get()
        }
    }

    /// Cancels the call; ``response`` then throws ``HTTPError/Kind/cancelled``.
    public func cancel() {
        task.cancel()
    }
}

extension HTTPClient {
    /// Sends a request like ``send(_:)`` and reports its upload and download progress.
    ///
    /// ```swift
    /// let upload = client.transfer(Request<Data>(method: .put, path: "/files/a", body: .data(bytes, contentType: "application/octet-stream")))
    /// for await progress in upload.progress { bar.value = progress.upload.fractionCompleted ?? 0 }
    /// ```
    public func transfer<Value: Sendable>(_ request: Request<Value>) -> Transfer<Value> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(64))
        let progress = TransferProgress.Reporter(continuation: continuation)
        let task = Task { () -> Result<Response<Value>, HTTPError> in
            do throws(HTTPError) {
                let response = try await send(request, Exchange(body: .whole, progress: progress))
                progress.complete(request: response.request, response: response.raw)
                return .success(response)
            } catch {
                progress.finish()
                return .failure(error)
            }
        }
        return Transfer(progress: stream, task: task)
    }

    /// Downloads a response body into the file at `destination`, reporting progress; the
    /// response's value is `destination`.
    ///
    /// A successful body is written to a temporary file beside `destination` while it arrives
    /// (never held in memory whole by ``URLSessionTransport`` or `CurlTransport`) and moved into
    /// place, replacing any file there, only once the response was validated. On any failure no
    /// file is left behind, neither partial nor temporary. An error response's body stays in
    /// memory for the error.
    ///
    /// ``Configuration/maximumResponseBodySize`` does not apply to the body written to the file:
    /// the limit bounds what a call holds in memory, and a download is the way to save a body
    /// larger than that. It does apply to an error response's body, which is held in memory.
    ///
    /// A download is never de-duplicated (``Request/deduplicated(_:)`` is ignored): two downloads
    /// of the same request each send it and each get their own complete file.
    public func download<Value>(_ request: Request<Value>, to destination: URL) -> Transfer<URL> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(64))
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString).download")
        let progress = TransferProgress.Reporter(continuation: continuation)
        let dataRequest = request.map { data, _, _ in data }
        let task = Task { () -> Result<Response<URL>, HTTPError> in
            defer { try? FileManager.default.removeItem(at: temporary) }
            do throws(HTTPError) {
                try Self.checkDirectory(directory, for: request.method, destination: destination)
                let response = try await send(dataRequest, Exchange(body: .file(temporary), progress: progress))
                try Self.place(
                    response, temporary: temporary, writtenByTransport: progress.bytesWrittenToFile != nil,
                    at: destination)
                progress.complete(request: response.request, response: response.raw)
                return .success(response.map { _ in destination })
            } catch {
                progress.finish()
                return .failure(error)
            }
        }
        return Transfer(progress: stream, task: task)
    }

    private static func checkDirectory(_ directory: URL, for method: HTTPMethod, destination: URL) throws(HTTPError) {
        var isDirectory: ObjCBool = false
        guard destination.isFileURL, FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw HTTPError(
                .invalidRequest(
                    reason: "the download destination's folder \(directory.path) does not exist", underlying: nil),
                method: method, url: nil)
        }
    }

    /// Moves the downloaded body into place (writing it first when the transport kept it in memory).
    private static func place(_ response: Response<Data>, temporary: URL, writtenByTransport: Bool, at destination: URL)
        throws(HTTPError)
    {
        do {
            if !writtenByTransport { try response.value.write(to: temporary) }
            // rename(2) replaces the destination atomically: readers see the old file or the new one.
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
        } catch {
            throw HTTPError(
                .invalidRequest(reason: "the download could not be saved to \(destination.path)", underlying: error),
                method: response.request.method, url: response.request.url)
        }
    }
}
