#if os(Linux)
import Foundation
import FoundationNetworking

// Progress: called on the loop thread, only for a transfer with a reporter.
extension CurlTransfer {
    /// Follows the response heads line by line. When the final response's head is complete, reports
    /// it and, for a download with a 2xx status, opens the file its body goes to. False when that
    /// file cannot be created (the transfer is then aborted).
    func observeHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        if Self.isStatusLine(line) {
            headStatus = Self.statusCode(ofStatusLine: line)
            headComplete = false
            // Another head after one taken as final (a proxy's answer to CONNECT): that one was
            // not the response after all.
            reportsBody = false
            fileDue = false
            return true
        }
        // Only the blank line ending a head matters (and not the one after trailers).
        guard !headComplete, line.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) else {
            return true
        }
        headComplete = true
        guard headStatus >= 200, let reporter, let request = reportedRequest else { return true }
        let response = Outcome(status: headStatus, head: head, body: Data()).response(url: request.url)
        // A redirect CurlTransport goes on to follow is not the answer: its body is not progress.
        if request.followsRedirects, Redirects.request(after: response, to: request) != nil { return true }
        reportsBody = true
        reporter.didReceiveResponse(expected: Self.expectedLength(of: response.headers))
        guard let downloadFile, (200..<300).contains(headStatus) else { return true }
        if let refused = downloadFile.plan(status: headStatus, headers: response.headers) {
            fileError = refused
            return false
        }
        fileDue = true
        return true
    }

    /// Opens the download file planned at the head; false (the transfer is aborted) when it cannot.
    func openDueFile() -> Bool {
        guard fileDue, file == nil, let downloadFile else { return true }
        fileDue = false
        guard let opened = CurlBodyFile(target: downloadFile) else {
            fileError = URLError(.cannotCreateFile)
            return false
        }
        file = opened
        return true
    }

    /// A chunk of the final response's body: to the download file or to memory (within the
    /// limit), then counted. Returns what the write callback returns (0 aborts the transfer).
    func receiveObserved(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard openDueFile() else { return 0 }
        if let written = file?.write(bytes) {
            guard written else {
                fileError = URLError(.cannotWriteToFile)
                return 0
            }
        } else if !keep(bytes) {
            return 0
        }
        reporter?.didReceive(count: Int64(bytes.count))
        return bytes.count
    }

    /// libcurl's count of body bytes sent so far (it only grows within a transfer).
    func didUpload(total: Int64) {
        guard total > uploaded else { return }
        reporter?.didSend(count: total - uploaded)
        uploaded = total
    }

    /// The code in "HTTP/1.1 200 OK" or "HTTP/2 200"; 0 when there is none.
    static func statusCode(ofStatusLine line: UnsafeRawBufferPointer) -> Int {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return 0 }
        let digits = line[(space + 1)...].prefix(3)
        guard digits.count == 3 else { return 0 }
        var code = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return 0 }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return code
    }

    /// The body size to expect (see ``ResponseBodyTooLarge/expectedLength(contentLength:contentEncoding:)``).
    private static func expectedLength(of headers: HTTPHeaders) -> Int64? {
        ResponseBodyTooLarge.expectedLength(
            contentLength: headers["Content-Length"], contentEncoding: headers["Content-Encoding"])
    }
}
#endif
