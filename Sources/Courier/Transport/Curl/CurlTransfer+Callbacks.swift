#if os(Linux)
import Foundation

// The callbacks libcurl calls while the transfer runs, on the loop thread, from inside
// `curl_multi_perform`. Each gets the transfer back from its context pointer, unretained: the
// event loop holds the transfer while libcurl has its handle.
extension CurlTransfer {
    /// Installs the write, header and pre-request callbacks, the socket callbacks of the pool's
    /// gauges, and the progress callback when there is a reporter.
    func installCallbacks(curl: LibCurl, check: (Int32) -> Void) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        pool?.install(on: easy, transfer: me, curl: curl, check: check)
        check(curl.setPointer(easy, CurlOption.writeData, me))
        check(curl.setPointer(easy, CurlOption.headerData, me))
        check(
            curl.setCallback(easy, CurlOption.writeFunction) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                let length = size * count
                guard let data, length > 0 else { return length }
                return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length))
            })
        check(
            curl.setCallback(easy, CurlOption.headerFunction) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                let length = size * count
                guard let data, length > 0 else { return length }
                return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
            })
        // libcurl sends a request again by itself when a reused keep-alive connection turns out
        // dead before any response byte arrived, whatever the method, and rewinds an in-memory
        // body to do so. The server may well have received and acted on the first one, so a
        // second send is refused here: only RetryPolicy retries, knowing the method and
        // counting the attempt.
        check(curl.setPointer(easy, CurlOption.prereqData, me))
        check(
            curl.setPrereqCallback(easy, CurlOption.prereqFunction) { context, _, _, _, _ in
                guard let context else { return 0 }
                return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().willSend()
            })
        if reporter != nil {
            check(curl.setPointer(easy, CurlOption.progressData, me))
            check(
                curl.setProgressCallback(easy, CurlOption.progressFunction) { context, _, _, _, uploadedNow in
                    guard let context else { return 0 }
                    Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().didUpload(total: uploadedNow)
                    return 0
                })
            check(curl.setLong(easy, CurlOption.noProgress, 0))
        }
    }

    /// The write callback: a chunk of the body, to the stream, the download file or memory.
    /// Returns the bytes taken; anything else pauses (a full stream) or aborts the transfer.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if let streamed, streamed.started { return streamBody(bytes, streamed: streamed) }
        if reportsBody { return receiveObserved(bytes) }
        // Returning 0 aborts the transfer (the body passed its limit).
        return keep(bytes) ? bytes.count : 0
    }

    /// The header callback: one line of a response head (a status line starts a new head).
    /// Returns the line's length; less aborts the transfer.
    private func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Int {
        headProgress.received(line)
        if Self.isStatusLine(line) {
            // A status line: the headers before it belonged to an interim response.
            head.removeAll(keepingCapacity: true)
            // "HTTP/2 200", "HTTP/3 200"; "HTTP/1.1 200" does not multiplex.
            multiplexed = line.count > 5 && line[5] >= UInt8(ascii: "2")
        } else {
            head.append(contentsOf: line)
        }
        if let streamed { streamHeaderLine(line, streamed: streamed) }
        // Less than the length aborts the transfer (the download file failed, or the head
        // announced a body past the limit).
        if reporter != nil, !observeHeaderLine(line) { return 0 }
        if bodyLimit != nil, !limitHeaderLine(line) { return 0 }
        return line.count
    }

    /// Whether a header line is a status line (`HTTP/1.1 200 OK`, `HTTP/2 200`), which starts a
    /// new head. Five byte comparisons: every header line of every response passes here.
    static func isStatusLine(_ line: UnsafeRawBufferPointer) -> Bool {
        line.count >= 5 && line[0] == UInt8(ascii: "H") && line[1] == UInt8(ascii: "T") && line[2] == UInt8(ascii: "T")
            && line[3] == UInt8(ascii: "P") && line[4] == UInt8(ascii: "/")
    }

    /// The pre-request callback: lets the first send through and stops any other.
    private func willSend() -> Int32 {
        sends += 1
        guard sends > 1 else {
            sentAt = .now
            moveInPool(to: .active)
            return 0
        }
        refusedResend = true
        return CurlOption.prereqAbort
    }
}
#endif
