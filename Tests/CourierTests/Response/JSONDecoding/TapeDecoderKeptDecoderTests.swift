import Courier
import Foundation
import Testing

/// A `Decoder` kept after `init(from:)` returns (legal, if unusual) must keep working: the tape
/// reads the caller's bytes in place only while the decode runs.
@Suite("JSON.TapeDecoder: a decoder kept after the decode")
struct TapeDecoderKeptDecoderTests {
    /// Keeps its decoder and reads the document again later.
    final class Keeper: Decodable {
        let decoder: any Decoder

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
        }

        func readAgain() throws -> [String: [String]] {
            try [String: [String]](from: decoder)
        }
    }

    @Test("A kept decoder still reads the document after the caller's bytes are gone")
    func keptDecoderReadsItsOwnCopy() throws {
        var keeper: Keeper?
        do {
            // A body built at run time and released after the decode.
            let body = Data(#"{"names": ["\#(String(repeating: "a", count: 64))", "b"]}"#.utf8)
            keeper = try JSON.TapeDecoder().decode(Keeper.self, from: body)
        }
        // Other allocations reuse the freed memory if the tape still pointed at it.
        let noise = (0..<256).map { Data(repeating: UInt8($0 % 200), count: 84) }
        #expect(noise.count == 256)
        let again = try #require(keeper).readAgain()
        #expect(again == ["names": [String(repeating: "a", count: 64), "b"]])
    }
}
