import Foundation
import TestSupport
import Testing

@testable import Courier

/// What a streamed call on URLSessionTransport leaves behind once its body has ended: nothing,
/// long before its timeout would fire. Its timer used to run on to the deadline holding the
/// transfer, and with it the body's buffer and temporary file.
@Suite struct URLSessionStreamEndTests {
    @Test(arguments: ["read to its end", "dropped unread"])
    func aStreamedBodyIsReleasedWhenItEndsNotAtItsTimeout(_ ending: String) async throws {
        let directory = URL(fileURLWithPath: try TestServers.url(from: "COURIER_NGINX_FILES_DIR").path)
        let name = "stream-end-\(UUID().uuidString).bin"
        let file = directory.appendingPathComponent(name)
        try Data(repeating: 7, count: 3 << 20).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let url = try TestServers.url(from: "COURIER_NGINX_FILES_URL").appendingPathComponent(name)
        let transport = URLSessionTransport()

        weak var buffer: StreamBuffer?
        do {
            // An hour: a timer still holding the transfer would hold it past any wait here.
            let response = try await transport.stream(HTTPRequest(url: url, timeout: .seconds(3600)))
            let body = try #require(response.bodyStream)
            buffer = body.handle.source as? StreamBuffer
            #expect(buffer != nil)
            if ending == "read to its end" {
                #expect(try await body.collect(upTo: 4 << 20).count == 3 << 20)
            }
        }
        try await waitUntil { buffer == nil }
        #expect(buffer == nil, "the ended stream's buffer is still held (by its transfer: the timer, the hooks)")
    }
}
