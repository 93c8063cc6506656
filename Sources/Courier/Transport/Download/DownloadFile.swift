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
        /// The response's `Last-Modified` when it is a strong validator (at least a second before
        /// the response's `Date`, RFC 9110 §8.8.2.2), used when there is no strong entity tag.
        var lastModified: String?
        /// The whole body's length as the response announced it (`Content-Length` of a 200, the
        /// total of a 206's `Content-Range`); a resumed 206 must announce the same.
        var length: Int64?

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
        /// The request carried a `Range` of its own: its answer is written as it is, never resumed.
        var ownRange = false
        /// How long the file must be once the body is complete; nil when the head did not say.
        var expectedLength: Int64?
        /// Set when a 206 was refused (it did not continue the bytes on disk); outlives the
        /// attempt until ``takeRefusedResume()``.
        var refusedResume = false
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
            $0 = State(refusedResume: $0.refusedResume)
            $0.url = request.url.absoluteString
            $0.ownRange = request.headers["Range"] != nil
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
    /// where they end, with the validator and total they came with, RFC 9110 §14.4 and §13.1.5)
    /// or replaces them (anything else), and counts the bytes kept as progress. Nil when the
    /// body can be written; an error saying why for a 206 that does not continue them (the bytes
    /// on disk are dropped, and ``takeRefusedResume()`` tells the download to fetch the whole
    /// body again: two versions are never spliced).
    func plan(status: Int, headers: HTTPHeaders) -> URLError? {
        var record = Self.record(headers: headers)
        let refusal: String? = state.withLock { state in
            state.append = false
            state.newRecord = nil
            state.expectedLength = nil
            if state.ownRange {
                // The caller's own range: written as it came, and never resumed.
                state.newRecord = Record()
                return nil
            }
            guard status == 206 else {
                state.expectedLength = record.length
                return nil
            }
            if let reason = Self.refusal(of: headers, offset: state.offset, sent: state.sentRecord) {
                state.refusedResume = true
                return reason
            }
            let range = headers["Content-Range"].flatMap(ContentRange.init)
            record.length = range?.total
            state.expectedLength = range?.total
            state.append = state.offset > 0
            return nil
        }
        if let refusal {
            discard()
            return URLError(
                .cannotParseResponse,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "the server's 206 Partial Content does not continue the partial download: \(refusal)"
                ])
        }
        let (append, offset) = state.withLock { ($0.append, $0.offset) }
        if append {
            reporter?.didResume(from: offset)
        } else {
            state.withLock { $0.newRecord = $0.newRecord ?? record }
        }
        return nil
    }

    /// Whether a download was refused a resume since the last call, forgetting it: the bytes on
    /// disk are gone, and the whole body is asked for again.
    func takeRefusedResume() -> Bool {
        state.withLock { state in
            defer { state.refusedResume = false }
            return state.refusedResume
        }
    }

    /// Called when the body ended without an error: nil when the file holds as many bytes as the
    /// head announced (or it announced none). A file that came up short is an error (a lost
    /// connection, so that a retry policy asks for the rest: the bytes stay when they can be
    /// resumed); a file longer than announced cannot be trusted and is removed.
    func checkComplete() -> URLError? {
        guard let expected = state.withLock({ $0.expectedLength }) else { return nil }
        let size = partialSize
        if size == expected { return nil }
        if size > expected {
            discard()
            return URLError(
                .cannotParseResponse,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "the download holds \(size) bytes, more than the \(expected) its response announced"
                ])
        }
        attemptFailed()
        return URLError(
            .networkConnectionLost,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "the response ended at byte \(size) of \(expected): the bytes stay on disk for the next "
                    + "attempt to resume"
            ])
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

    /// The record a response's head gives: its strong entity tag, its `Last-Modified` when that
    /// is a strong validator, and its `Content-Length`; no validator for a body with a content
    /// coding (its bytes on disk are not the resource's).
    static func record(headers: HTTPHeaders) -> Record {
        let coding = headers["Content-Encoding"]?.lowercased()
        guard coding == nil || coding == "identity" else { return Record() }
        let etag = headers["ETag"].flatMap(strongEntityTag)
        let length = headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        return Record(
            etag: etag, lastModified: strongLastModified(headers), length: length.flatMap { $0 >= 0 ? $0 : nil })
    }

    /// An entity tag that is not weak (`W/`) and is quoted, as RFC 9110 §8.8.3 writes it.
    private static func strongEntityTag(_ value: String) -> String? {
        let tag = value.trimmingCharacters(in: .whitespaces)
        guard tag.count >= 2, tag.count <= 256, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        return tag
    }

    /// `Last-Modified`, when it is a strong validator for a client (RFC 9110 §8.8.2.2): the
    /// response carries a `Date` at least one second after it. Otherwise the resource may have
    /// changed twice within that second, and an `If-Range` date must not be sent (§13.1.5).
    private static func strongLastModified(_ headers: HTTPHeaders) -> String? {
        guard let text = headers["Last-Modified"], let modified = HTTPDate.parse(text),
            let date = headers["Date"].flatMap(HTTPDate.parse), date.timeIntervalSince(modified) >= 1
        else { return nil }
        return text
    }

    /// Why a 206 does not continue the `offset` bytes on disk that came with `sent` (or, when
    /// none were asked for, is not readable); nil when it does.
    private static func refusal(of headers: HTTPHeaders, offset: Int64, sent: Record?) -> String? {
        guard let text = headers["Content-Range"] else { return "it has no Content-Range" }
        guard let range = ContentRange(text) else {
            return "its Content-Range \"\(text.prefix(64))\" is not a byte range of the form first-last/total"
        }
        if let coding = headers["Content-Encoding"]?.lowercased(), coding != "identity" {
            return "its body has the content coding \(coding.prefix(32))"
        }
        if range.first != offset {
            return "its Content-Range starts at byte \(range.first), where byte \(offset) was asked for"
        }
        if let length = headers["Content-Length"].flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }),
            length != range.count
        {
            return "its Content-Range \(range.first)-\(range.last) holds \(range.count) bytes, "
                + "but its Content-Length says \(length)"
        }
        guard offset > 0 else { return nil }
        guard let sent else { return "no resume was asked for" }
        if let announced = sent.length, range.total != announced {
            return "its Content-Range total \(range.total.map(String.init) ?? "*") is not the \(announced) bytes "
                + "first announced"
        }
        if let etag = sent.etag {
            guard let theirs = headers["ETag"] else {
                return "it has no ETag, where the bytes on disk came with \(etag.prefix(64))"
            }
            guard strongEntityTag(theirs) == etag else {
                return "its ETag \(theirs.prefix(64)) is not the \(etag.prefix(64)) the bytes on disk came with"
            }
        } else if let modified = sent.lastModified {
            guard let theirs = headers["Last-Modified"] else {
                return "it has no Last-Modified, where the bytes on disk came with \(modified.prefix(64))"
            }
            guard theirs == modified else {
                return "its Last-Modified \(theirs.prefix(64)) is not the \(modified.prefix(64)) of the bytes on disk"
            }
        } else {
            return "the bytes on disk have no validator"
        }
        return nil
    }
}

/// open(2) with the mode a new partial file gets (a function of its own: `DownloadFile.open()`
/// hides the system's name inside the class).
private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags, 0o644)
}
