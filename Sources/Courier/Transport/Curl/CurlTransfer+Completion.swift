#if os(Linux)
import Foundation
import FoundationNetworking

// How a transfer ends: the caller resumed with the outcome or an error, on the loop thread (or on
// the caller's, for a transfer the loop never saw), and the `URLError` a `CURLcode` means.
extension CurlTransfer {
    /// Resumes the caller with the response, or with the error `code` stands for. Loop thread.
    func finish(code: Int32, curl: LibCurl) {
        moveInPool(to: .none)
        releaseHeaderList(curl: curl)
        bodyReader?.close()
        if let streamed, streamed.started {
            // The caller has the head; the end (or the failure) goes to the body's reader.
            streamed.buffer.finish(
                throwing: code == 0
                    ? nil
                    : uploadError ?? (refusedResend ? URLError.refusedResend : failure(code: code, curl: curl)))
            return
        }
        guard code == 0, case .saved(let bytesWrittenToFile) = saveFile() else {
            fail(
                limitError ?? uploadError ?? fileError
                    ?? (refusedResend ? URLError.refusedResend : failure(code: code, curl: curl))
            )
            return
        }
        var status = 0
        _ = curl.getInfo(easy, CurlOption.infoResponseCode, &status)
        var outcome = Outcome(status: status, head: head, body: body)
        outcome.bytesWrittenToFile = bytesWrittenToFile
        if let addedAt, let sentAt {
            outcome.phases = CurlPhases.read(
                easy, instants: .init(added: addedAt, sent: sentAt, finished: .now), curl: curl)
        }
        head = Data()
        body = Data()
        continuation?.resume(returning: outcome)
        continuation = nil
    }

    /// Resumes the caller with `error`. Loop thread (or the caller, before the loop saw it).
    func fail(_ error: any Error, curl: LibCurl? = nil) {
        moveInPool(to: .none)
        if let curl { releaseHeaderList(curl: curl) }
        bodyReader?.close()
        file?.discard()
        file = nil
        if let streamed, streamed.started { streamed.buffer.finish(throwing: error) }
        continuation?.resume(throwing: error)
        continuation = nil
    }

    /// What became of a complete body's download file.
    private enum SavedFile {
        /// Saved with this many bytes; nil when the body went to memory (no file, or not a 2xx).
        case saved(Int64?)
        /// Its last writes failed: the file is gone.
        case failed
    }

    /// Closes a download file after a complete body.
    private func saveFile() -> SavedFile {
        // An empty body never opened its file.
        guard openDueFile() else { return .failed }
        guard let file else { return .saved(nil) }
        self.file = nil
        guard file.close() else {
            fileError = URLError(.cannotWriteToFile)
            return .failed
        }
        // A body that ended before the length its head announced is not the whole file.
        if let short = file.target.checkComplete() {
            fileError = short
            return .failed
        }
        return .saved(file.bytesWritten)
    }

    private func releaseHeaderList(curl: LibCurl) {
        curl.slistFreeAll(headerList)
        headerList = nil
    }

    /// What a failed transfer's `CURLcode` means (see ``CurlConnection/failure(code:easy:proxy:pinnedHost:isHTTP:curl:)``).
    /// Loop thread.
    private func failure(code: Int32, curl: LibCurl) -> any Error {
        if let tooLarge = headProgress.tooLarge(code: code) { return tooLarge }
        return CurlConnection.failure(
            code: code, easy: easy, proxy: proxy, pinnedHost: pinnedHost, isHTTP: isHTTP, curl: curl)
    }

    /// The `URLError` a `CURLcode` means, with libcurl's text as its description (never the URL,
    /// which may carry secrets).
    ///
    /// For an http or https URL, `CURLE_UNSUPPORTED_PROTOCOL` means the server answered with
    /// bytes that are not HTTP ("Received HTTP/0.9 when not allowed"): a bad server response,
    /// not a bad URL.
    static func urlError(code: Int32, isHTTP: Bool, curl: LibCurl) -> URLError {
        let urlCode: URLError.Code =
            switch code {
            case 1: isHTTP ? .badServerResponse : .unsupportedURL  // CURLE_UNSUPPORTED_PROTOCOL
            case 3: .badURL  // CURLE_URL_MALFORMAT
            case 5, 6: .cannotFindHost  // CURLE_COULDNT_RESOLVE_PROXY, _HOST
            case 7: .cannotConnectToHost  // CURLE_COULDNT_CONNECT
            case 8: .badServerResponse  // CURLE_WEIRD_SERVER_REPLY
            case 16: .networkConnectionLost  // CURLE_HTTP2: the HTTP/2 framing layer failed
            // PARTIAL_FILE, GOT_NOTHING, SEND_ERROR, RECV_ERROR, HTTP2_STREAM
            case 18, 52, 55, 56, 92: .networkConnectionLost
            case 28: .timedOut  // CURLE_OPERATION_TIMEDOUT
            case 35: .secureConnectionFailed  // CURLE_SSL_CONNECT_ERROR
            case 42: .cancelled  // CURLE_ABORTED_BY_CALLBACK
            case 47: .httpTooManyRedirects  // CURLE_TOO_MANY_REDIRECTS
            case 58: .clientCertificateRejected  // CURLE_SSL_CERTPROBLEM
            case 60: .serverCertificateUntrusted  // CURLE_PEER_FAILED_VERIFICATION
            case 61: .cannotDecodeContentData  // CURLE_BAD_CONTENT_ENCODING
            case 67: .userAuthenticationRequired  // CURLE_LOGIN_DENIED
            default: .unknown
            }
        return URLError(
            urlCode, userInfo: [NSLocalizedDescriptionKey: "libcurl error \(code): " + curl.message(for: code)])
    }
}
#endif
