public import Foundation

/// A call in flight whose upload and download progress can be watched.
///
/// Made by ``HTTPClient/transfer(_:)`` and ``HTTPClient/download(_:to:)``; the call starts at
/// once, whether or not anyone reads ``progress``.
///
/// ```swift
/// let transfer = client.download(Request(path: "/video.mp4"), to: fileURL)
/// for await progress in transfer.progress {
///     print("\(progress.bytesReceived) of \(progress.bytesExpectedToReceive ?? 0) bytes")
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
    /// for await progress in upload.progress { bar.value = progress.fractionSent ?? 0 }
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
    /// The body is written while it arrives (never held in memory whole by ``URLSessionTransport``
    /// or `CurlTransport`) to `<destination>.partial`, beside a small record
    /// `<destination>.partial.json` of where it came from (the URL and the response's strong
    /// `ETag`, else its `Last-Modified`). The file at `destination` appears, replacing any file
    /// there, only once the body is complete and the response was validated; the partial file
    /// and its record are then gone.
    ///
    /// A download whose connection breaks off mid-body keeps its partial file and record when the response had a validator; without one, when the body arrived but
    /// was refused (a validator of the request, a file that could not be saved) or the server
    /// answered 416, they are removed: nothing is left behind that cannot be resumed. Every attempt,
    /// and the next `download` to the same destination (after a failure or a killed process), asks only for the rest with `Range` and `If-Range`: a `206` continues the
    /// bytes on disk, which count as progress; a `200` (the server ignored the range, or the
    /// resource changed) replaces them. Within one call, attempts after a dropped connection
    /// happen only with a ``RetryPolicy`` among the interceptors; without one the call fails and
    /// the next `download` resumes.
    ///
    /// ```swift
    /// let client = HTTPClient(baseURL: base) { $0.interceptors = [RetryPolicy(maxAttempts: 5)] }
    /// let file = try await client.download(Request(path: "/big.iso"), to: isoURL).response.value
    /// ```
    ///
    /// Only a GET without a `Range` of its own resumes, and only with a strong validator: an
    /// `ETag` that is not weak, or a `Last-Modified` at least a second before the response's
    /// `Date` (RFC 9110 §8.8.2.2). A 206 that does not continue the bytes on disk (no validator
    /// or another one, a `Content-Range` with another start or total than asked and announced, or
    /// as many bytes as its `Content-Length` does not say) is refused: the bytes are dropped and
    /// the whole body is asked for once more, in the same call. A body that ends before the
    /// length its head announced fails the attempt as a lost connection and keeps its bytes for
    /// the next attempt: nothing short or spliced is ever saved at `destination`. Two downloads
    /// to the same destination at once share its partial file: do not start them.
    ///
    /// ``Configuration/maximumResponseBodySize`` does not apply to the body written to the file:
    /// the limit bounds what a call holds in memory, and a download is the way to save a body
    /// larger than that. It does apply to an error response's body, which is held in memory.
    ///
    /// A download is never de-duplicated (``Request/deduplicated()`` is ignored): two downloads
    /// of the same request each send it.
    public func download(_ request: Request<Void>, to destination: URL) -> Transfer<URL> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(64))
        let directory = destination.deletingLastPathComponent()
        let progress = TransferProgress.Reporter(continuation: continuation)
        let file = DownloadFile(destination: destination, reporter: progress)
        let dataRequest = request.map { data, _, _ in data }
        let task = Task { () -> Result<Response<URL>, HTTPError> in
            do throws(HTTPError) {
                try Self.checkDirectory(directory, for: request.method, destination: destination)
                func fetch() async throws(HTTPError) -> Response<Data> {
                    let response = try await send(dataRequest, Exchange(body: .file(file), progress: progress))
                    try Self.place(response, file: file, writtenByTransport: response.raw.bytesWrittenToFile != nil)
                    return response
                }
                let response: Response<Data>
                do throws(HTTPError) {
                    response = try await fetch()
                } catch  where file.takeRefusedResume() {
                    // A 206 that did not continue the bytes on disk (another validator, another
                    // range): they are gone, and the whole body is asked for once more.
                    response = try await fetch()
                }
                progress.complete(request: response.request, response: response.raw)
                return .success(response.map { _ in destination })
            } catch {
                // A body refused once it arrived (validation, saving) is not resumed, nor bytes
                // the server says it cannot continue (416); a connection lost, a cancellation or
                // another error status keeps them for the next download.
                if let status = error.statusCode, (200..<300).contains(status) || status == 416, !error.isTransport {
                    file.discard()
                }
                if case .invalidRequest = error.kind { file.discard() }
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
    private static func place(_ response: Response<Data>, file: DownloadFile, writtenByTransport: Bool)
        throws(HTTPError)
    {
        do {
            if !writtenByTransport {
                if let refused = file.plan(status: response.raw.statusCode, headers: response.raw.headers) {
                    throw HTTPError(
                        .transport(refused), method: response.request.method, url: response.request.url,
                        response: response.raw)
                }
                guard let descriptor = file.open() else { throw URLError(.cannotCreateFile) }
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                try handle.write(contentsOf: response.value)
                try handle.close()
                if let short = file.checkComplete() {
                    throw HTTPError(
                        .transport(short), method: response.request.method, url: response.request.url,
                        response: response.raw)
                }
            }
            guard file.complete() else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.destination.path])
            }
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError(
                .invalidRequest(
                    reason: "the download could not be saved to \(file.destination.path)", underlying: error),
                method: response.request.method, url: response.request.url)
        }
    }
}
