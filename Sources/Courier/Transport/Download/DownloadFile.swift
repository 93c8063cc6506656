import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a download's successful body goes while it arrives (``HTTPClient/download(_:to:)``):
/// `<destination>.partial`, with what it takes to resume it kept in `<destination>.partial.json`
/// (the URL and the response's validator, written atomically before any body byte of a new
/// body). Both outlive a failed call and a killed process; the next attempt or the next download
/// to the same destination asks for the rest with `Range` and `If-Range`.
///
/// A transport that writes downloads itself (`ProgressReportingTransport`) calls ``plan(status:headers:)``
/// when a 2xx head arrives, ``open()`` at the first body byte (or at the end of an empty body),
/// and ``attemptFailed()`` when the attempt breaks off; the transport stage calls ``prepare(_:)``
/// before each attempt.
final class DownloadFile: Sendable, Equatable {
    /// What is kept beside the partial file to resume it.
    struct Record: Codable, Equatable {
        /// The URL the bytes came from: a download of another URL to the same destination starts anew.
        var url = ""
        /// The response's strong entity tag, or nil.
        var etag: String?
        /// The response's `Last-Modified`, used when there is no strong entity tag.
        var lastModified: String?

        /// What `If-Range` carries; nil when the bytes cannot be resumed safely.
        var validator: String? { etag ?? lastModified }
    }

    /// What the attempt's 2xx head asked of the file.
    private struct State {
        /// The bytes on disk the attempt asked to continue from (0: it did not ask).
        var offset: Int64 = 0
        /// The record the attempt's `If-Range` came from.
        var sentRecord: Record?
        /// The head's answer: append to the bytes on disk, or start anew with this record.
        var append = false
        var newRecord: Record?
        /// The URL the attempt asked for (a record of a new body names it).
        var url = ""
    }

    /// The file the caller asked for; it appears only once the body is complete.
    let destination: URL
    /// The body as far as it arrived.
    let partial: URL
    /// The resume record beside it.
    let recordURL: URL
    private let reporter: TransferProgress.Reporter?
    private let state = Mutex(State())

    init(destination: URL, reporter: TransferProgress.Reporter?) {
        self.destination = destination
        partial = destination.appendingPathExtension("partial")
        recordURL = partial.appendingPathExtension("json")
        self.reporter = reporter
    }

    /// The record on disk, when its partial file is there too.
    var storedRecord: Record? {
        guard let data = try? Data(contentsOf: recordURL) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: data)
    }

    /// The size of the partial file, 0 when there is none.
    var partialSize: Int64 {
        (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// `request` for the next attempt: asking only for the bytes after those on disk when they came
    /// from the same URL with a validator (`Range: bytes=N-`, `If-Range`). A request that is not a
    /// GET, or that carries its own `Range`, is sent as it is and starts anew.
    func prepare(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        let size = partialSize
        let record = storedRecord
        let resumes =
            request.method == .get && request.headers["Range"] == nil && size > 0
            && record?.url == request.url.absoluteString && record?.validator != nil
        state.withLock {
            $0 = State()
            $0.url = request.url.absoluteString
            if resumes {
                $0.offset = size
                $0.sentRecord = record
            }
        }
        if resumes, let validator = record?.validator {
            request.headers["Range"] = "bytes=\(size)-"
            request.headers["If-Range"] = validator
        }
        return request
    }

    /// A 2xx head arrived: decides whether its body continues the bytes on disk (a 206 starting
    /// where they end, with the validator they came with) or replaces them (anything else), and
    /// counts the bytes kept as progress. Nil when the body can be written; an error for a 206
    /// that does not continue them (the bytes on disk are dropped: the next attempt starts anew).
    func plan(status: Int, headers: HTTPHeaders) -> URLError? {
        let record = Self.record(headers: headers)
        let failure: URLError? = state.withLock { state in
            state.append = false
            state.newRecord = nil
            guard status == 206 else { return nil }
            let start = headers["Content-Range"].flatMap(Self.rangeStart)
            guard let start, start == state.offset else { return URLError(.cannotParseResponse) }
            if start == 0 { return nil }
            guard let sent = state.sentRecord, Self.validates(record, sent) else {
                return URLError(.cannotParseResponse)
            }
            state.append = true
            return nil
        }
        if failure != nil {
            discard()
            return failure
        }
        let (append, offset) = state.withLock { ($0.append, $0.offset) }
        if append {
            reporter?.didResume(from: offset)
        } else {
            state.withLock { $0.newRecord = record }
        }
        return nil
    }

    /// Opens the partial file for the body planned by ``plan(status:headers:)``: for appending,
    /// or emptied with the new record written after it; a descriptor, or nil when the file system
    /// refused.
    func open() -> Int32? {
        let (append, record) = state.withLock { state in
            var record = state.newRecord ?? Record()
            record.url = state.url
            return (state.append, record)
        }
        let descriptor = openFile(partial.path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC))
        guard descriptor >= 0 else { return nil }
        // The old bytes are gone now: only then may the record say whose the new ones are.
        if !append { write(record) }
        return descriptor
    }

    /// The attempt broke off: the bytes stay on disk when they can be resumed, otherwise they go.
    func attemptFailed() {
        if storedRecord?.validator == nil { discard() }
    }

    static func == (lhs: DownloadFile, rhs: DownloadFile) -> Bool { lhs === rhs }

    /// Removes the partial file and its record.
    func discard() {
        unlink(partial.path)
        unlink(recordURL.path)
    }

    /// Moves the complete body into place and removes the record; the destination is replaced
    /// atomically (rename(2)): readers see the old file or the new one.
    func complete() -> Bool {
        guard rename(partial.path, destination.path) == 0 else { return false }
        unlink(recordURL.path)
        return true
    }

    private func write(_ record: Record) {
        guard let data = try? JSONEncoder().encode(record) else { return }
        try? data.write(to: recordURL, options: .atomic)
    }

    /// The record a response's head gives: its strong entity tag and its `Last-Modified`; no
    /// validator for a body with a content coding (its bytes on disk are not the resource's).
    static func record(headers: HTTPHeaders) -> Record {
        let coding = headers["Content-Encoding"]?.lowercased()
        guard coding == nil || coding == "identity" else { return Record() }
        let etag = headers["ETag"].flatMap { $0.hasPrefix("W/") ? nil : $0 }
        return Record(etag: etag, lastModified: headers["Last-Modified"])
    }

    /// Whether a 206's validators are the ones the resumed bytes came with.
    private static func validates(_ response: Record, _ sent: Record) -> Bool {
        if let etag = sent.etag { return response.etag == nil || response.etag == etag }
        return response.lastModified == nil || response.lastModified == sent.lastModified
    }

    /// N in `Content-Range: bytes N-M/T`.
    static func rangeStart(_ value: String) -> Int64? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst("bytes ".count)
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        return Int64(spec[..<dash].trimmingCharacters(in: .whitespaces))
    }
}

/// open(2) with the mode a new partial file gets (a function of its own: `DownloadFile.open()`
/// hides the system's name inside the class).
private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags, 0o644)
}
