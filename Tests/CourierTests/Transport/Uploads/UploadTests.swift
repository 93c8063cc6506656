import Foundation
import TestSupport
import Testing

@testable import Courier

/// Request bodies from files and streams, against the fault server's `/sink` endpoints, which
/// read the body as it arrives and answer its length and SHA-256 (or a form's parts).
@Suite("Uploads from disk and streams", .serialized)
struct UploadTests {
    private func client(_ transport: TransportUnderTest, retry: Bool = false) throws -> HTTPClient {
        HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            if retry { $0.interceptors = [RetryPolicy(maxAttempts: 3, clock: VirtualClock(autoAdvances: true))] }
        }
    }

    @Test("A file body reaches the server whole, with Content-Length", arguments: TransportUnderTest.allCases)
    func fileBody(transport: TransportUnderTest) async throws {
        let file = try UploadFile(size: 3_000_017)
        defer { file.remove() }
        let answer = try await client(transport).send(
            Request<SinkAnswer>(
                method: .put, path: "/sink/\(uniqueKey("file"))", body: .file(file.url, contentType: "video/mp4"))
        ).value
        let expectedHash = try await file.sha256()
        #expect(answer.received == file.size && answer.sha256 == expectedHash)
        #expect(!answer.chunked && answer.content_length == String(file.size))
        #expect(answer.method == "PUT" && answer.content_type == "video/mp4")
    }

    /// URLSessionTransport on Linux writes a stream body to a temporary file first (see
    /// `StreamBodySpool`) and sends the file, so its length is known there.
    @Test("A stream body with a length is sent with Content-Length", arguments: TransportUnderTest.allCases)
    func streamWithLength(transport: TransportUnderTest) async throws {
        let chunks = PatternChunks(count: 40, size: 50_000)
        let answer = try await client(transport).send(
            Request<SinkAnswer>(
                method: .post, path: "/sink/\(uniqueKey("stream"))",
                body: .stream(length: 2_000_000) { chunks })
        ).value
        #expect(answer.received == 2_000_000)
        #expect(!answer.chunked && answer.content_length == "2000000")
        let expectedHash = try await Self.sha256(chunks.joined)
        #expect(answer.sha256 == expectedHash)
    }

    @Test("A stream body without a length is sent chunked", arguments: TransportUnderTest.allCases)
    func streamWithoutLength(transport: TransportUnderTest) async throws {
        let chunks = PatternChunks(count: 25, size: 33_333)
        let answer = try await client(transport).send(
            Request<SinkAnswer>(
                method: .post, path: "/sink/\(uniqueKey("chunked"))", body: .stream(length: nil) { chunks })
        ).value
        #expect(answer.received == 25 * 33_333)
        #if canImport(FoundationNetworking)
        if transport == .urlSession {
            // Spooled to a temporary file first, so sent with the length it turned out to have.
            #expect(!answer.chunked && answer.content_length == String(25 * 33_333))
        } else {
            #expect(answer.chunked && answer.content_length == nil, "never both")
        }
        #else
        #expect(answer.chunked && answer.content_length == nil, "never both")
        #endif
        let expectedHash = try await Self.sha256(chunks.joined)
        #expect(answer.sha256 == expectedHash)
    }

    @Test(
        "A multipart form's file parts are read from disk; the server checks each part",
        arguments: TransportUnderTest.allCases)
    func multipartFromDisk(transport: TransportUnderTest) async throws {
        let video = try UploadFile(size: 2_500_000, name: "clip.mp4")
        let image = try UploadFile(size: 70_001, name: "cat.png")
        defer {
            video.remove()
            image.remove()
        }
        var form = RequestBody.Multipart()
        form.add(name: "title", value: "Holiday")
        form.add(name: "video", contentType: "video/mp4", file: video.url)
        form.add(name: "image", filename: "kitten.png", contentType: "image/png", file: image.url)
        form.add(name: "note", value: "last")
        let answer = try await client(transport).send(
            Request<FormAnswer>(method: .post, path: "/sink-form/\(uniqueKey("form"))", body: .multipart(form))
        ).value
        let expected: [FormAnswer.Part] = [
            .init(
                name: "title", filename: nil, content_type: nil, size: 7,
                sha256: try await Self.sha256(Data("Holiday".utf8))),
            .init(
                name: "video", filename: "clip.mp4", content_type: "video/mp4", size: video.size,
                sha256: try await video.sha256()),
            .init(
                name: "image", filename: "kitten.png", content_type: "image/png", size: image.size,
                sha256: try await image.sha256()),
            .init(
                name: "note", filename: nil, content_type: nil, size: 4,
                sha256: try await Self.sha256(Data("last".utf8))),
        ]
        #expect(answer.parts == expected)
    }

    @Test(
        "A 307 and a 308 send the whole file again to the new location",
        arguments: TransportUnderTest.allCases, [307, 308])
    func redirectResendsFile(transport: TransportUnderTest, status: Int) async throws {
        let file = try UploadFile(size: 1_500_000)
        defer { file.remove() }
        let key = uniqueKey("redirect")
        let answer = try await client(transport).send(
            Request<SinkAnswer>(
                method: .post, path: "/sink-redirect/\(status)?to=/sink/\(key)",
                body: .file(file.url, contentType: "application/octet-stream"))
        ).value
        let expectedHash = try await file.sha256()
        #expect(answer.method == "POST" && answer.received == file.size && answer.sha256 == expectedHash)
    }

    @Test("A 307 sends a stream body again from a fresh sequence", arguments: TransportUnderTest.allCases)
    func redirectResendsStream(transport: TransportUnderTest) async throws {
        let chunks = PatternChunks(count: 10, size: 10_000)
        let answer = try await client(transport).send(
            Request<SinkAnswer>(
                method: .post, path: "/sink-redirect/307?to=/sink/\(uniqueKey("stream-redirect"))",
                body: .stream(length: 100_000) { chunks })
        ).value
        let expectedHash = try await Self.sha256(chunks.joined)
        #expect(answer.received == 100_000 && answer.sha256 == expectedHash)
    }

    @Test(
        "A one-shot stream is not sent half-empty after a 307: the call fails with a typed error",
        arguments: TransportUnderTest.allCases)
    func oneShotStreamRefusesRedirect(transport: TransportUnderTest) async throws {
        let key = uniqueKey("once")
        let body = HTTPRequest.Body.stream(length: 100_000, once: PatternChunks(count: 10, size: 10_000))
        let request = Request<SinkAnswer>(
            method: .post, path: "/sink-redirect/307?to=/sink/\(key)",
            body: .body(body, contentType: "application/octet-stream"))
        let error = try await #require(throws: HTTPError.self) { try await client(transport).send(request) }
        #expect(error.urlError?.code == .requestBodyStreamExhausted, "got \(error)")
        #expect(try await FaultServer().hits(key).hits == 0)
    }

    @Test("A retry after a 503 sends the whole file again", arguments: TransportUnderTest.allCases)
    func retryResendsFile(transport: TransportUnderTest) async throws {
        let file = try UploadFile(size: 1_200_000)
        defer { file.remove() }
        let answer = try await client(transport, retry: true).send(
            Request<SinkAnswer>(
                method: .put, path: "/sink-flaky/\(uniqueKey("retry"))?fail=1",
                body: .file(file.url, contentType: "application/octet-stream"))
        ).value
        let expectedHash = try await file.sha256()
        #expect(answer.hit == 2 && answer.received == file.size && answer.sha256 == expectedHash)
    }

    @Test("Upload progress of a file body reaches its size", arguments: TransportUnderTest.allCases)
    func progressReachesTotal(transport: TransportUnderTest) async throws {
        let file = try UploadFile(size: 4_000_000)
        defer { file.remove() }
        let transfer = try client(transport).transfer(
            Request<SinkAnswer>(
                method: .post, path: "/sink/\(uniqueKey("progress"))",
                body: .file(file.url, contentType: "application/octet-stream")))
        var last = TransferProgress()
        for await progress in transfer.progress { last = progress }
        let answer = try await transfer.response.value
        #expect(answer.received == file.size)
        #expect(last.bytesSent == Int64(file.size) && last.bytesExpectedToSend == Int64(file.size))
    }

    @Test("A missing file fails with a typed error before anything is sent", arguments: TransportUnderTest.allCases)
    func missingFile(transport: TransportUnderTest) async throws {
        let key = uniqueKey("missing")
        let missing = URL(fileURLWithPath: "/nonexistent/courier-\(key).bin")
        let request = Request<SinkAnswer>(
            method: .post, path: "/sink/\(key)", body: .file(missing, contentType: "application/octet-stream"))
        let error = try await #require(throws: HTTPError.self) { try await client(transport).send(request) }
        guard case .invalidRequest(let reason, let underlying) = error.kind else {
            Issue.record("expected invalidRequest, got \(error)")
            return
        }
        #expect(reason.contains(missing.path) && (underlying as? URLError)?.code == .fileDoesNotExist)
        var form = RequestBody.Multipart()
        form.add(name: "file", file: missing)
        let formError = try await #require(throws: HTTPError.self) {
            try await client(transport).send(
                Request<FormAnswer>(method: .post, path: "/sink-form/\(key)", body: .multipart(form)))
        }
        #expect((formError.kind.underlyingURLError)?.code == .fileDoesNotExist, "got \(formError)")
        #expect(try await FaultServer().hits(key).hits == 0)
    }

    @Test(
        "A file that disappears before the transport opens it fails that attempt with a typed error",
        arguments: TransportUnderTest.allCases)
    func fileGoneAtSend(transport: TransportUnderTest) async throws {
        let key = uniqueKey("gone")
        let request = HTTPRequest(
            method: .post, url: try TestServers.faults().appendingPathComponent("sink/\(key)"),
            body: .file(URL(fileURLWithPath: "/nonexistent/\(key)")))
        let error = try await #require(throws: URLError.self) { try await transport.make().send(request) }
        #expect(error.code == .fileDoesNotExist)
        #expect(try await FaultServer().hits(key).hits == 0)
    }

    @Test("A file body is shown as --data-binary @path in the curl rendering, never its bytes")
    func curlDescriptionOfFile() throws {
        let file = try UploadFile(size: 10, name: "report.csv")
        defer { file.remove() }
        let request = HTTPRequest(
            method: .post, url: URL(string: "https://h.example/up")!, body: .file(file.url))
        #expect(request.curlDescription.contains("--data-binary '@\(file.url.path)'"))
        var form = RequestBody.Multipart()
        form.add(name: "title", value: "Q3")
        form.add(name: "report", contentType: "text/csv", file: file.url)
        let client = HTTPClient(baseURL: URL(string: "https://h.example")!)
        let rendered = try client.curlDescription(
            of: Request<Data>(method: .post, path: "/up", body: .multipart(form)))
        #expect(rendered.contains("--form-string 'title=Q3'"))
        #expect(rendered.contains("-F 'report=@\"\(file.url.path)\";type=text/csv;filename=\"report.csv\"'"))
        #expect(!rendered.contains("Content-Type: multipart"), "curl -F sets its own boundary")
    }

    @Test("A stream body is never de-duplicated and is logged by its size, not its bytes")
    func streamIdentity() {
        let body = HTTPRequest.Body.stream(length: 3) { PatternChunks(count: 1, size: 3) }
        let url = URL(string: "https://h.example/up")!
        let first = HTTPRequest(method: .put, url: url, body: body)
        #expect(RequestIdentity(first) != RequestIdentity(first))
        #expect(
            RequestIdentity(HTTPRequest(method: .put, url: url, body: Data("a".utf8)))
                == RequestIdentity(HTTPRequest(method: .put, url: url, body: Data("a".utf8))))
        #expect(body.summary == "stream of 3 bytes" && body.data == nil && body.isReplayable)
    }

    static func sha256(_ data: Data) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-hash-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await UploadFile.sha256(of: file)
    }
}

extension HTTPError.Kind {
    /// The `URLError` under an invalid request.
    fileprivate var underlyingURLError: URLError? {
        if case .invalidRequest(_, let underlying) = self { return underlying as? URLError }
        return nil
    }
}
