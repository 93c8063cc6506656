#if os(Linux)
import Foundation

/// Reads where a finished transfer's time went from libcurl's timings.
///
/// libcurl's `CURLINFO_*_TIME_T` values are microseconds from the moment the transfer began
/// connecting, cumulative: name lookup done, connected, TLS done, about to send, first byte.
/// They exclude the time spent in libcurl's queue waiting for a connection (libcurl starts the
/// clock again when the transfer leaves the queue); libcurl 8.6 reports that wait itself
/// (`CURLINFO_QUEUE_TIME_T`), and with an older one the transport's own clock tells it: the
/// time from handing the transfer to libcurl to the request going out, less libcurl's part.
enum CurlPhases {
    /// What the transport measured with its own clock, on the loop thread.
    struct Instants {
        /// When the transfer was handed to the multi handle.
        var added: ContinuousClock.Instant
        /// When libcurl was about to send the request (the pre-request callback).
        var sent: ContinuousClock.Instant
        /// When the transfer finished.
        var finished: ContinuousClock.Instant
    }

    /// The phases of the transfer on `easy`; nil when libcurl reports no timings. Loop thread.
    static func read(_ easy: LibCurl.Handle, instants: Instants, curl: LibCurl) -> PhaseTimings? {
        func time(_ info: Int32) -> Duration? {
            var microseconds: Int64 = 0
            guard curl.getInfo(easy, info, &microseconds) == 0 else { return nil }
            return .microseconds(microseconds)
        }
        guard let lookedUp = time(CurlOption.infoNameLookupTime), let connected = time(CurlOption.infoConnectTime),
            let tlsDone = time(CurlOption.infoAppConnectTime), let aboutToSend = time(CurlOption.infoPreTransferTime),
            let firstByte = time(CurlOption.infoStartTransferTime)
        else { return nil }
        var newConnections = 0
        _ = curl.getInfo(easy, CurlOption.infoNumConnects, &newConnections)
        let reused = newConnections == 0
        // Plain HTTP has no TLS step: libcurl leaves it at zero.
        let ready = max(connected, tlsDone)
        // libcurl 8.10 tells when the request's last byte went; older ones only when it started.
        let sent = time(CurlOption.infoPostTransferTime).map { max($0, aboutToSend) } ?? aboutToSend
        let sinceConnecting = instants.finished - instants.sent + aboutToSend
        let queued = time(CurlOption.infoQueueTime) ?? max(.zero, instants.sent - instants.added - aboutToSend)
        return PhaseTimings(
            queued: queued,
            domainLookup: reused ? .zero : lookedUp,
            connect: reused ? .zero : max(.zero, connected - lookedUp),
            secureConnection: reused || tlsDone == .zero ? .zero : max(.zero, tlsDone - connected),
            requestSent: max(.zero, sent - (reused ? .zero : ready)),
            firstResponseByte: max(.zero, firstByte - sent),
            bodyReceived: max(.zero, sinceConnecting - max(firstByte, sent)),
            reusedConnection: reused)
    }
}

extension CurlOption {
    /// `CURLINFO_NAMELOOKUP_TIME_T` (curl_off_t, microseconds).
    static let infoNameLookupTime: Int32 = 0x600000 + 51
    /// `CURLINFO_CONNECT_TIME_T`.
    static let infoConnectTime: Int32 = 0x600000 + 52
    /// `CURLINFO_PRETRANSFER_TIME_T`.
    static let infoPreTransferTime: Int32 = 0x600000 + 53
    /// `CURLINFO_STARTTRANSFER_TIME_T`.
    static let infoStartTransferTime: Int32 = 0x600000 + 54
    /// `CURLINFO_APPCONNECT_TIME_T`.
    static let infoAppConnectTime: Int32 = 0x600000 + 56
    /// `CURLINFO_QUEUE_TIME_T` (libcurl 8.6; older ones refuse it).
    static let infoQueueTime: Int32 = 0x600000 + 65
    /// `CURLINFO_POSTTRANSFER_TIME_T` (libcurl 8.10; older ones refuse it).
    static let infoPostTransferTime: Int32 = 0x600000 + 67
    /// `CURLINFO_NUM_CONNECTS` (long): connections the transfer had to open; 0 when it reused one.
    static let infoNumConnects: Int32 = 0x200000 + 26
}
#endif
