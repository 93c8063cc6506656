public import Courier
public import Foundation
import Synchronization

/// A transport that sends requests through another transport and records each interaction
/// into a cassette file, with secrets redacted before anything reaches the disk.
///
/// ```swift
/// let recorder = RecordingTransport(fileURL: cassetteURL, upstream: URLSessionTransport.shared)
/// let client = HTTPClient(baseURL: api, transport: recorder)
/// ```
///
/// The file is rewritten atomically after every interaction, so it is always a complete,
/// readable cassette, even when the test stops halfway. Failed requests (a thrown `URLError`)
/// are not recorded: a cassette holds responses only.
public final class RecordingTransport: HTTPTransport {
    /// The cassette file being written.
    public let fileURL: URL
    private let upstream: any HTTPTransport
    private let redactor: LoggingMonitor.Redactor
    private let recorded: Mutex<Cassette>

    /// Records into `fileURL`, sending requests with `upstream`.
    ///
    /// - Parameters:
    ///   - fileURL: Where the cassette is written; missing folders are created.
    ///   - upstream: The transport that really sends the requests.
    ///   - redactor: Which values count as secrets; the same rules as logging by default.
    ///   - appending: Whether to keep the interactions already in `fileURL` (false: start empty).
    /// - Throws: ``Cassette/FileError`` when `appending` and the existing file is not a cassette.
    public init(
        fileURL: URL, upstream: any HTTPTransport, redactor: LoggingMonitor.Redactor = .default,
        appending: Bool = false
    ) throws(Cassette.FileError) {
        self.fileURL = fileURL
        self.upstream = upstream
        self.redactor = redactor
        let existing =
            appending && FileManager.default.fileExists(atPath: fileURL.path)
            ? try Cassette(contentsOf: fileURL) : Cassette()
        recorded = Mutex(existing)
    }

    /// The interactions recorded so far (redacted, as in the file).
    public var cassette: Cassette { recorded.withLock { $0 } }

    /// Sends `request` upstream, records the interaction and returns the response unchanged.
    ///
    /// - Throws: Whatever `upstream` throws; ``Cassette/FileError`` when the cassette cannot be
    ///   written (the test should not pass on a recording that was lost).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await upstream.send(request)
        let interaction = Cassette.Interaction(request: request, response: response, redactor: redactor)
        try recorded.withLock { (cassette: inout Cassette) throws(Cassette.FileError) in
            cassette.append(interaction)
            // Written under the lock, so concurrent requests never write an older cassette last.
            try cassette.write(to: fileURL)
        }
        return response
    }
}
