public import Courier
public import Foundation

/// A transport bound to one cassette file that replays it, records it, or records it only
/// when it does not exist yet.
///
/// ```swift
/// // Records from the live server on the first run, replays offline on every run after.
/// let transport = try CassetteTransport(fileURL: cassetteURL, mode: .recordIfMissing,
///                                       upstream: URLSessionTransport.shared)
/// ```
///
/// Delete the file (or use ``Mode/record``) to record it again.
public final class CassetteTransport: HTTPTransport {
    /// What the transport does with its cassette file.
    public enum Mode: Sendable {
        /// Serve the file; fail when it is missing. Never touches the network.
        case replay
        /// Send every request upstream and write a new cassette, replacing the file.
        case record
        /// Record when the file is missing, replay when it exists.
        case recordIfMissing
    }

    private enum Backing {
        case replay(ReplayTransport)
        case record(RecordingTransport)
    }

    private let backing: Backing

    /// Opens `fileURL` in `mode`.
    ///
    /// - Parameters:
    ///   - fileURL: The cassette file.
    ///   - mode: Replay, record, or record only when the file is missing.
    ///   - upstream: The transport used when recording.
    ///   - matching: How requests are paired with interactions when replaying.
    ///   - redactor: Which values count as secrets when recording.
    /// - Throws: ``Cassette/FileError`` when replaying a missing or invalid file.
    public init(
        fileURL: URL, mode: Mode, upstream: any HTTPTransport,
        matching: ReplayMatching = .default, redactor: LoggingMonitor.Redactor = .default
    ) throws(Cassette.FileError) {
        let replays =
            switch mode {
            case .replay: true
            case .record: false
            case .recordIfMissing: FileManager.default.fileExists(atPath: fileURL.path)
            }
        if replays {
            backing = .replay(try ReplayTransport(contentsOf: fileURL, matching: matching))
        } else {
            backing = .record(try RecordingTransport(fileURL: fileURL, upstream: upstream, redactor: redactor))
        }
    }

    /// Whether requests go upstream and are recorded (false: they are replayed).
    public var isRecording: Bool {
        if case .record = backing { return true }
        return false
    }

    /// Replays or records `request`, depending on the mode.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch backing {
        case .replay(let replay): try await replay.send(request)
        case .record(let recorder): try await recorder.send(request)
        }
    }
}
