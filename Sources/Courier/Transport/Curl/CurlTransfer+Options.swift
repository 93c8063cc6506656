#if os(Linux)
import Foundation
import FoundationNetworking

// The libcurl options a request sets on its easy handle, on the caller's thread, before the
// transfer is handed to the loop. A recycled handle was reset, so an option left alone is
// libcurl's default.
extension CurlTransfer {
    /// Sets every option of `request` and installs the callbacks.
    ///
    /// - Throws: what opening a file or stream body throws, and `URLError(.unsupportedURL)` when
    ///   libcurl refuses an option.
    func configure(for request: HTTPRequest, isHTTPS: Bool, settings: Settings) throws {
        let curl = settings.curl
        // The first option libcurl refuses; the rest are still set, as setting them is harmless.
        var failed: Int32 = 0
        func check(_ code: Int32) { if failed == 0, code != 0 { failed = code } }

        setProtocols(for: request, isHTTPS: isHTTPS, curl: curl, check: check)
        proxy = settings.connection.configure(easy, for: request.url, curl: curl, check: check)
        setTimeouts(for: request, defaultTimeout: settings.defaultTimeout, curl: curl, check: check)
        if let body = request.body, body.data == nil {
            // Files opened (and a stream's pump started) before anything is sent.
            bodyReader = try BodyReader(body)
        }
        setMethodAndBody(request, curl: curl, check: check)
        setHeaderList(for: request, curl: curl, check: check)
        installCallbacks(curl: curl, check: check)
        if failed != 0 {
            bodyReader?.close()
            curl.slistFreeAll(headerList)
            headerList = nil
            throw URLError(
                .unsupportedURL,
                userInfo: [NSLocalizedDescriptionKey: "libcurl refused the request: " + curl.message(for: failed)])
        }
    }

    /// The URL, the protocols and HTTP versions allowed, keep-alive and compression.
    private func setProtocols(for request: HTTPRequest, isHTTPS: Bool, curl: LibCurl, check: (Int32) -> Void) {
        check(curl.setLong(easy, CurlOption.noSignal, 1))
        check(request.url.absoluteString.withCString { curl.setPointer(easy, CurlOption.url, $0) })
        check(curl.setLong(easy, CurlOption.protocols, CurlOption.httpAndHTTPS))
        check(curl.setLong(easy, CurlOption.httpVersion, CurlOption.httpVersion2OverTLS))
        if isHTTPS { check(curl.setLong(easy, CurlOption.pipeWait, 1)) }
        check(curl.setLong(easy, CurlOption.tcpKeepAlive, 1))
        // "": every encoding libcurl was built with.
        check("".withCString { curl.setPointer(easy, CurlOption.acceptEncoding, $0) })
        if streamed != nil { check(curl.setLong(easy, CurlOption.bufferSize, CurlOption.streamedBufferSize)) }
        // CURLOPT_FOLLOWLOCATION stays off: CurlTransport follows redirects itself (see
        // Redirects).
    }

    /// The request's timeout, or the transport's limit on silence; the limit on opening a
    /// connection.
    private func setTimeouts(
        for request: HTTPRequest, defaultTimeout: Duration, curl: LibCurl, check: (Int32) -> Void
    ) {
        let defaultMilliseconds = defaultTimeout.wholeMilliseconds
        if let timeout = request.timeout {
            // The request's timeout bounds the whole attempt, as URLSessionTransport does.
            check(curl.setLong(easy, CurlOption.timeoutMilliseconds, max(1, timeout.wholeMilliseconds)))
        } else {
            // Without one, a transfer fails once it has been silent for the default timeout,
            // like URLSession's idle timeout.
            check(curl.setLong(easy, CurlOption.lowSpeedLimit, 1))
            check(curl.setLong(easy, CurlOption.lowSpeedTime, max(1, defaultMilliseconds / 1000)))
        }
        check(curl.setLong(easy, CurlOption.connectTimeoutMilliseconds, max(1, defaultMilliseconds)))
    }

    /// The method, and the body: in memory (copied by libcurl), or pulled from ``bodyReader``.
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
            if let body, body.data == nil {
                setUnbufferedBody(curl: curl, check: check)
            } else if body != nil || method == .post {
                let data = body?.data ?? Data()
                // The size first: COPYPOSTFIELDS copies that many bytes (binary-safe).
                check(curl.setOffset(easy, CurlOption.postFieldSizeLarge, Int64(data.count)))
                check(
                    data.withUnsafeBytes { bytes in
                        curl.setPointer(
                            easy, CurlOption.copyPostFields, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
                    })
            } else {
                check(curl.setLong(easy, CurlOption.httpGet, 1))
            }
        }
    }

    /// The request's header fields as libcurl's list, kept in ``headerList`` until the end.
    private func setHeaderList(for request: HTTPRequest, curl: LibCurl, check: (Int32) -> Void) {
        // `Expect:` with no value stops libcurl from waiting for `100 Continue` before a body.
        var list = curl.slistAppend(nil, "Expect:")
        if let bodyReader, bodyReader.length == nil, !request.headers.contains("Transfer-Encoding") {
            // A body of unknown length goes out in chunks over HTTP/1.1 (libcurl drops the field
            // over HTTP/2, which frames bodies itself).
            list = curl.slistAppend(list, "Transfer-Encoding: chunked")
        }
        for field in request.headers {
            // "Name;" is libcurl's way to send a header whose value is empty.
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = curl.slistAppend(list, line)
        }
        headerList = list
        check(curl.setPointer(easy, CurlOption.httpHeader, UnsafeRawPointer(list)))
    }
}
#endif
