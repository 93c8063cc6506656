#if os(Linux)
import Foundation
import FoundationNetworking
import Synchronization

/// One request on its way through libcurl: its easy handle, the response read so far, and the
/// caller waiting for it.
///
/// `@unchecked Sendable`: the calling task fills it in (options, continuation) before handing it
/// to ``CurlEventLoop`` through a `Mutex`-protected queue, which orders those writes before the
/// loop thread reads them. From then on only the loop thread touches the mutable fields (libcurl
/// calls the callbacks from inside `curl_multi_perform`, on that thread), except `cancelled`,
/// which is a `Mutex` of its own.
final class CurlTransfer: @unchecked Sendable {
    let easy: LibCurl.Handle
    /// Set by the caller's cancellation handler; read by the loop when the transfer arrives.
    let cancelled = Mutex(false)
    var continuation: CheckedContinuation<Outcome, any Error>?

    private var headerList: OpaquePointer?
    private var body = Data()
    /// The header block of the latest response, raw (a `100 Continue` starts a new one).
    private var head = Data()

    /// What a finished transfer hands its caller. Parsing the header block is left to the
    /// caller's thread, so the loop thread does as little as possible per transfer.
    struct Outcome: Sendable {
        let status: Int
        let head: Data
        let body: Data

        /// The response, with `url` as the URL that answered.
        func response(url: URL) -> HTTPRawResponse {
            var headers = HTTPHeaders()
            var previous: (name: String, value: String)?
            // Byte-level parsing: this runs once per response, so it avoids Foundation's
            // character-set trimming.
            for rawLine in head.split(separator: UInt8(ascii: "\n")) {
                let line = Self.trimmed(rawLine)
                guard !line.isEmpty else { continue }
                if let first = rawLine.first, Self.isBlank(first), let field = previous {
                    // An obsolete folded line continues the field before it.
                    previous = (field.name, field.value + " " + String(decoding: line, as: UTF8.self))
                    continue
                }
                if let field = previous { headers.add(name: field.name, value: field.value) }
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                    previous = nil
                    continue
                }
                previous = (
                    String(decoding: Self.trimmed(line[..<colon]), as: UTF8.self),
                    String(decoding: Self.trimmed(line[line.index(after: colon)...]), as: UTF8.self)
                )
            }
            if let field = previous { headers.add(name: field.name, value: field.value) }
            return HTTPRawResponse(statusCode: status, headers: headers, body: body, url: url)
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }

        private static func trimmed(_ bytes: Data.SubSequence) -> Data.SubSequence {
            var bytes = bytes
            while let first = bytes.first, isBlank(first) { bytes = bytes.dropFirst() }
            while let last = bytes.last, isBlank(last) { bytes = bytes.dropLast() }
            return bytes
        }
    }

    /// Sets up `easy` for `request`.
    ///
    /// - Throws: `URLError(.unsupportedURL)` when libcurl refuses an option (for example a URL it
    ///   cannot parse).
    init(
        easy: LibCurl.Handle, request: HTTPRequest, curl: LibCurl, defaultTimeout: Duration, certificateAuthorities: String? = nil
    ) throws(URLError) {
        self.easy = easy
        // libcurl sends header lines as given: a line break in a field would let a value smuggle
        // in headers (or a whole request) of its own. The field's name only, never its value.
        if let field = request.headers.first(where: { Self.containsLineBreak($0.name) || Self.containsLineBreak($0.value) }) {
            throw URLError(.badURL, userInfo: [NSLocalizedDescriptionKey: "the header field \"\(field.name.prefix(64))\" contains a line break"])
        }
        var failed: Int32 = 0
        func check(_ code: Int32) { if failed == 0, code != 0 { failed = code } }
        func set(_ option: Int32, _ value: Int) { check(curl.setLong(easy, option, value)) }
        func set(_ option: Int32, _ text: String) { check(text.withCString { curl.setPointer(easy, option, $0) }) }

        set(CurlOption.noSignal, 1)
        set(CurlOption.url, request.url.absoluteString)
        set(CurlOption.protocols, CurlOption.httpAndHTTPS)
        set(CurlOption.httpVersion, CurlOption.httpVersion2OverTLS)
        set(CurlOption.tcpKeepAlive, 1)
        set(CurlOption.acceptEncoding, "")
        if let certificateAuthorities { set(CurlOption.caInfo, certificateAuthorities) }
        // CURLOPT_FOLLOWLOCATION stays off: CurlTransport follows redirects itself (see
        // CurlRedirects).
        let defaultMilliseconds = Self.milliseconds(defaultTimeout)
        if let timeout = request.timeout {
            // The request's timeout bounds the whole attempt, as URLSessionTransport does.
            set(CurlOption.timeoutMilliseconds, max(1, Self.milliseconds(timeout)))
        } else {
            // Without one, a transfer fails once it has been silent for the default timeout,
            // like URLSession's idle timeout.
            set(CurlOption.lowSpeedLimit, 1)
            set(CurlOption.lowSpeedTime, max(1, defaultMilliseconds / 1000))
        }
        set(CurlOption.connectTimeoutMilliseconds, max(1, defaultMilliseconds))

        setMethodAndBody(request, curl: curl, check: check)

        // `Expect:` with no value stops libcurl from waiting for `100 Continue` before a body.
        var list = curl.slistAppend(nil, "Expect:")
        for field in request.headers {
            // "Name;" is libcurl's way to send a header whose value is empty.
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = curl.slistAppend(list, line)
        }
        headerList = list
        check(curl.setPointer(easy, CurlOption.httpHeader, UnsafeRawPointer(list)))

        let me = Unmanaged.passUnretained(self).toOpaque()
        check(curl.setPointer(easy, CurlOption.writeData, me))
        check(curl.setPointer(easy, CurlOption.headerData, me))
        check(curl.setCallback(easy, CurlOption.writeFunction) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            if let data, length > 0 {
                transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
            }
            return length
        })
        check(curl.setCallback(easy, CurlOption.headerFunction) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            if let data, length > 0 {
                let bytes = UnsafeRawBufferPointer(start: data, count: length)
                if bytes.starts(with: "HTTP/".utf8) {
                    // A status line: the headers before it belonged to an interim response.
                    transfer.head.removeAll(keepingCapacity: true)
                } else {
                    transfer.head.append(contentsOf: bytes)
                }
            }
            return length
        })
        if failed != 0 {
            curl.slistFreeAll(headerList)
            headerList = nil
            throw URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: "libcurl refused the request: " + curl.message(for: failed)])
        }
    }

    private func setMethodAndBody(_ request: HTTPRequest, curl: LibCurl, check: (Int32) -> Void) {
        switch (request.method, request.body) {
        case (.head, _):
            check(curl.setLong(easy, CurlOption.noBody, 1))
        case (.get, nil):
            check(curl.setLong(easy, CurlOption.httpGet, 1))
        case (let method, let body):
            if method != .post {
                check(method.rawValue.withCString { curl.setPointer(easy, CurlOption.customRequest, $0) })
            }
            if body != nil || method == .post {
                let data = body ?? Data()
                // The size first: COPYPOSTFIELDS copies that many bytes (binary-safe).
                check(curl.setOffset(easy, CurlOption.postFieldSizeLarge, Int64(data.count)))
                check(data.withUnsafeBytes { bytes in
                    curl.setPointer(easy, CurlOption.copyPostFields, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
                })
            } else {
                check(curl.setLong(easy, CurlOption.httpGet, 1))
            }
        }
    }

    /// Resumes the caller with the response, or with the error `code` stands for. Loop thread.
    func finish(code: Int32, curl: LibCurl) {
        releaseHeaderList(curl: curl)
        guard code == 0 else {
            fail(Self.urlError(code: code, curl: curl))
            return
        }
        var status = 0
        _ = curl.getInfo(easy, CurlOption.infoResponseCode, &status)
        let outcome = Outcome(status: status, head: head, body: body)
        head = Data()
        body = Data()
        continuation?.resume(returning: outcome)
        continuation = nil
    }

    /// Resumes the caller with `error`. Loop thread (or the caller, before the loop saw it).
    func fail(_ error: any Error, curl: LibCurl? = nil) {
        if let curl { releaseHeaderList(curl: curl) }
        continuation?.resume(throwing: error)
        continuation = nil
    }

    private func releaseHeaderList(curl: LibCurl) {
        curl.slistFreeAll(headerList)
        headerList = nil
    }

    private static func containsLineBreak(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == 0 }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
    }

    /// The `URLError` a `CURLcode` means, with libcurl's text as its description (never the URL,
    /// which may carry secrets).
    static func urlError(code: Int32, curl: LibCurl) -> URLError {
        let urlCode: URLError.Code = switch code {
        case 1: .unsupportedURL // CURLE_UNSUPPORTED_PROTOCOL
        case 3: .badURL // CURLE_URL_MALFORMAT
        case 5, 6: .cannotFindHost // CURLE_COULDNT_RESOLVE_PROXY, _HOST
        case 7: .cannotConnectToHost // CURLE_COULDNT_CONNECT
        case 8: .badServerResponse // CURLE_WEIRD_SERVER_REPLY
        case 16: .networkConnectionLost // CURLE_HTTP2: the HTTP/2 framing layer failed
        case 18, 52, 55, 56, 92: .networkConnectionLost // PARTIAL_FILE, GOT_NOTHING, SEND_ERROR, RECV_ERROR, HTTP2_STREAM
        case 28: .timedOut // CURLE_OPERATION_TIMEDOUT
        case 35: .secureConnectionFailed // CURLE_SSL_CONNECT_ERROR
        case 42: .cancelled // CURLE_ABORTED_BY_CALLBACK
        case 47: .httpTooManyRedirects // CURLE_TOO_MANY_REDIRECTS
        case 58: .clientCertificateRejected // CURLE_SSL_CERTPROBLEM
        case 60: .serverCertificateUntrusted // CURLE_PEER_FAILED_VERIFICATION
        case 61: .cannotDecodeContentData // CURLE_BAD_CONTENT_ENCODING
        case 67: .userAuthenticationRequired // CURLE_LOGIN_DENIED
        default: .unknown
        }
        return URLError(urlCode, userInfo: [NSLocalizedDescriptionKey: "libcurl error \(code): " + curl.message(for: code)])
    }
}
#endif
