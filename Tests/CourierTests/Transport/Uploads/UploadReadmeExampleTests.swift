import Courier
import Foundation
import TestSupport
import Testing

/// The upload examples of the Courier catalog's "Uploading Files" article, compiled and run against the fault server's `/sink` endpoints.
@Suite("Documented example: uploads")
struct UploadReadmeExampleTests {
    /// The article's log stream: three lines.
    struct LogChunks: AsyncSequence, Sendable {
        typealias Element = Data
        struct AsyncIterator: AsyncIteratorProtocol {
            var line = 0
            mutating func next() async -> Data? {
                guard line < 3 else { return nil }
                line += 1
                return Data("line \(line)\n".utf8)
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    @Test("The article's upload example compiles and sends a file, a form and a stream")
    func example() async throws {
        let file = try UploadFile(size: 300_000, name: "holiday.mp4")
        defer { file.remove() }
        let client = HTTPClient(baseURL: try TestServers.faults())
        let key = uniqueKey("readme")
        // From the article, with the server's paths.
        let video = file.url
        let upload = client.transfer(
            Request<Data>(method: .put, path: "/sink/\(key)", body: .file(video, contentType: "video/mp4")))
        var fractions: [Double] = []
        for await progress in upload.progress {
            if let fraction = progress.fractionSent { fractions.append(fraction) }
        }
        let receipt = try await upload.response.value

        var form = RequestBody.Multipart()
        form.add(name: "title", value: "Holiday")
        form.add(name: "video", contentType: "video/mp4", file: video)
        let posted = try await client.send(
            Request<FormAnswer>(method: .post, path: "/sink-form/\(key)", body: .multipart(form))
        ).value

        let log = RequestBody.stream(length: nil, contentType: "text/plain") { LogChunks() }
        let logged = try await client.send(Request<SinkAnswer>(method: .post, path: "/sink/\(key)", body: log)).value

        let sent = try JSONDecoder().decode(SinkAnswer.self, from: receipt)
        #expect(sent.received == file.size && fractions.last == 1)
        #expect(posted.parts.map(\.name) == ["title", "video"] && posted.parts[1].size == file.size)
        #expect(logged.received == "line 1\nline 2\nline 3\n".utf8.count && logged.content_type == "text/plain")
    }
}
