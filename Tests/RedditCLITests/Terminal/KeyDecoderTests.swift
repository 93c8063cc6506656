import Testing

@testable import RedditCLI

@Suite struct KeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    @Test func arrowsInBothCursorModes() {
        #expect(
            keys([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]) == [
                .up, .down, .right, .left,
            ])
        #expect(keys([0x1B, 0x4F, 0x41, 0x1B, 0x4F, 0x42]) == [.up, .down])
    }

    @Test func pagingKeys() {
        #expect(
            keys(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~".utf8)) == [
                .pageUp, .pageDown, .home, .end, .home, .end,
            ])
    }

    @Test func lettersEnterSpaceAndControlKeys() {
        #expect(keys(Array("jkmuds/q".utf8)) == "jkmuds/q".map { .character($0) })
        #expect(
            keys([0x0D, 0x0A, 0x20, 0x7F, 0x03, 0x04]) == [.enter, .enter, .space, .backspace, .interrupt, .endOfInput])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        #expect(keys([0x1B]) == [.escape])
        #expect(keys([0x1B, 0x71]) == [.escape, .character("q")])
    }

    @Test func aSequenceSplitAcrossReadsIsJoined() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.decode([0x42, 0x6A]) == [.down, .character("j")])
    }

    @Test func utf8TextIsOneCharacter() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.decode([bytes[0]]) == [])
        #expect(decoder.decode([bytes[1]]) == [.character("é")])
    }

    @Test func unknownSequencesAreDropped() {
        #expect(keys(Array("\u{1B}[99~j".utf8)) == [.character("j")])
    }
}
