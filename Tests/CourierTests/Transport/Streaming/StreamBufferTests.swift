import Foundation
import Synchronization
import Testing

@testable import Courier

/// The bounded buffer behind a streamed body, for a producer that cannot pause
/// (URLSessionTransport on Linux): bytes past the bound wait in a temporary file, up to a limit.
@Suite struct StreamBufferTests {
    @Test func bytesPastTheBoundComeBackFromTheTemporaryFileInOrder() async throws {
        let buffer = StreamBuffer(limit: 4, spillsToDisk: true, spillLimit: 100)
        buffer.connect(resume: {}, cancel: {})
        for chunk in ["abcd", "efgh", "ij", "klmnop"] { #expect(buffer.append(Data(chunk.utf8)) == false) }
        buffer.finish(throwing: nil)
        var received = Data()
        while let chunk = try await buffer.next() { received.append(chunk) }
        #expect(String(decoding: received, as: UTF8.self) == "abcdefghijklmnop")
        #expect(buffer.highWaterMark <= 4)
        #expect(buffer.spillHighWaterMark == 12)
    }

    @Test func aReaderTooFarBehindGetsWhatCameThenATypedErrorAndTheTransferStops() async throws {
        let buffer = StreamBuffer(limit: 4, spillsToDisk: true, spillLimit: 10)
        let stops = Atomic(0)
        buffer.connect(resume: {}, cancel: { stops.add(1, ordering: .relaxed) })
        _ = buffer.append(Data("abcd".utf8))  // memory, up to the bound
        _ = buffer.append(Data("efghij".utf8))  // the file: 6 of 10
        #expect(stops.load(ordering: .relaxed) == 0)
        _ = buffer.append(Data("klmno".utf8))  // 11 would pass the limit
        #expect(stops.load(ordering: .relaxed) >= 1, "the transfer was not stopped")
        _ = buffer.append(Data("pq".utf8))  // after the end: dropped, not delivered

        var received = Data()
        let error = await #expect(throws: StreamBuffer.ReaderTooSlow.self) {
            while let chunk = try await buffer.next() { received.append(chunk) }
        }
        #expect(String(decoding: received, as: UTF8.self) == "abcdefghij")
        #expect(error?.limit == 10)
        #expect(error.map(String.init(describing:))?.contains("10 bytes behind") == true)
        // The error is thrown once; the stream then ends.
        #expect(try await buffer.next() == nil)
    }

    @Test func cancellingDropsTheTemporaryFileAndStopsTheTransfer() async throws {
        let buffer = StreamBuffer(limit: 2, spillsToDisk: true, spillLimit: 100)
        let stops = Atomic(0)
        buffer.connect(resume: {}, cancel: { stops.add(1, ordering: .relaxed) })
        _ = buffer.append(Data("ab".utf8))
        _ = buffer.append(Data("cdef".utf8))
        buffer.cancel()
        #expect(stops.load(ordering: .relaxed) == 1)
        await #expect(throws: CancellationError.self) { try await buffer.next() }
        #expect(buffer.spillHighWaterMark == 0)
    }
}
