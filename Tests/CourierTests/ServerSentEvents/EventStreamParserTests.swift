import Testing

@testable import Courier

/// One test per rule of the WHATWG HTML standard's "event stream interpretation".
@Suite("Event stream parser (WHATWG rules)")
struct EventStreamParserTests {
    typealias Event = HTTPClient.ServerSentEvent

    /// Feeds `chunks` in order to one parser and returns what it dispatched.
    func parse(_ chunks: [[UInt8]], parser: inout EventStreamParser) throws -> [Event] {
        var events: [Event] = []
        for chunk in chunks { try parser.feed(chunk, into: &events) }
        return events
    }

    func parse(_ chunks: [String]) throws -> [Event] {
        var parser = EventStreamParser()
        return try parse(chunks.map { Array($0.utf8) }, parser: &parser)
    }

    func parse(_ text: String) throws -> [Event] { try parse([text]) }

    @Test("LF, CR and CRLF all end lines")
    func lineEnds() throws {
        #expect(try parse("data: a\n\n") == [Event(data: "a")])
        #expect(try parse("data: a\r\r") == [Event(data: "a")])
        #expect(try parse("data: a\r\n\r\n") == [Event(data: "a")])
        #expect(try parse("data: a\r\ndata: b\rdata: c\n\r\n") == [Event(data: "a\nb\nc")])
    }

    @Test("a CR at the end of one chunk and its LF at the start of the next are one line end")
    func crlfSplitAcrossChunks() throws {
        #expect(try parse(["data: a\r", "\ndata: b\r", "\n\r", "\n"]) == [Event(data: "a\nb")])
        // A CR alone at a chunk's end followed by a non-LF byte still ends the line.
        #expect(try parse(["data: a\r", "data: b\r", "\r"]) == [Event(data: "a\nb")])
    }

    @Test("every split of a stream into chunks gives the same events")
    func anySplit() throws {
        let text = "\u{FEFF}id: 1\r\nevent: é\r\ndata: ü€😀\r\n\r\n: c\rdata:x\r\rretry: 5\n"
        let bytes = Array(text.utf8)
        let whole = try parse(text)
        #expect(whole == [Event(id: "1", type: "é", data: "ü€😀"), Event(id: "1", data: "x")])
        for cut in 0...bytes.count {
            for second in cut...bytes.count {
                var parser = EventStreamParser()
                let events = try parse(
                    [Array(bytes[..<cut]), Array(bytes[cut..<second]), Array(bytes[second...])], parser: &parser)
                #expect(events == whole, "cut at \(cut) and \(second)")
                #expect(parser.reconnectionTime == .milliseconds(5))
            }
        }
        var parser = EventStreamParser()
        #expect(try parse(bytes.map { [$0] }, parser: &parser) == whole)
    }

    @Test("data lines are joined with LF and the final LF is removed")
    func multiLineData() throws {
        #expect(try parse("data: one\ndata: two\ndata: three\n\n") == [Event(data: "one\ntwo\nthree")])
        #expect(try parse("data\ndata\n\n") == [Event(data: "\n")])
        #expect(try parse("data:\n\n") == [Event(data: "")])
        #expect(try parse("data: trailing\ndata:\n\n") == [Event(data: "trailing\n")])
    }

    @Test("lines starting with a colon are comments")
    func comments() throws {
        #expect(try parse(": keep-alive\n\n") == [])
        #expect(try parse(":\ndata: a\n: between\ndata: b\n\n") == [Event(data: "a\nb")])
        #expect(try parse(": data: not data\n\n") == [])
    }

    @Test("a single leading UTF-8 BOM is ignored; a second one is not")
    func byteOrderMark() throws {
        #expect(try parse("\u{FEFF}data: a\n\n") == [Event(data: "a")])
        // Split across chunks, byte by byte.
        var parser = EventStreamParser()
        #expect(try parse([[0xEF], [0xBB], [0xBF], Array("data: a\n\n".utf8)], parser: &parser) == [Event(data: "a")])
        // Two BOMs: the second is the first character of the field name, which is then unknown.
        #expect(try parse("\u{FEFF}\u{FEFF}data: a\n\n") == [])
        // A BOM in the middle of the stream is text.
        #expect(try parse("data: a\n\n\u{FEFF}data: b\n\n") == [Event(data: "a")])
        // Bytes that start like a BOM but are not one are kept.
        parser = EventStreamParser()
        #expect(try parse([[0xEF, 0xBB], Array(":\ndata: x\n\n".utf8)], parser: &parser) == [Event(data: "x")])
    }

    @Test("a field without a colon has an empty value")
    func fieldWithoutColon() throws {
        #expect(try parse("data\n\n") == [Event(data: "")])
        #expect(try parse("event\ndata: a\n\n") == [Event(data: "a")])
        #expect(try parse("id: 1\ndata: a\n\nid\ndata: b\n\n") == [Event(id: "1", data: "a"), Event(data: "b")])
    }

    @Test("one space after the colon is removed, and only one")
    func singleSpace() throws {
        #expect(try parse("data:a\n\n") == [Event(data: "a")])
        #expect(try parse("data: a\n\n") == [Event(data: "a")])
        #expect(try parse("data:  a \n\n") == [Event(data: " a ")])
        #expect(try parse("data:\ta\n\n") == [Event(data: "\ta")])
        #expect(try parse("data: a: b\n\n") == [Event(data: "a: b")])
    }

    @Test("the event field sets the type; without it the type is message")
    func eventType() throws {
        #expect(try parse("event: add\ndata: 1\n\ndata: 2\n\n") == [Event(type: "add", data: "1"), Event(data: "2")])
        #expect(try parse("event:\ndata: 1\n\n") == [Event(data: "1")])
        #expect(try parse("event: a\nevent: b\ndata: 1\n\n") == [Event(type: "b", data: "1")])
    }

    @Test("retry counts only when all ASCII digits")
    func retry() throws {
        var parser = EventStreamParser()
        var events = try parse([Array("retry: 1500\ndata: a\n\n".utf8)], parser: &parser)
        #expect(events == [Event(data: "a", retry: .milliseconds(1500))])
        #expect(parser.reconnectionTime == .milliseconds(1500))
        for bad in [
            "retry: 15s", "retry: -1", "retry: 1.5", "retry: +3", "retry:", "retry: 1 ", "retry:  7", "retry: ٣",
        ] {
            events = try parse([Array("\(bad)\ndata: b\n\n".utf8)], parser: &parser)
            #expect(events == [Event(data: "b")], "\(bad)")
            #expect(parser.reconnectionTime == .milliseconds(1500), "\(bad)")
        }
        // A retry alone (no data) still sets the reconnection time, though nothing is dispatched.
        events = try parse([Array("retry: 0\n\n".utf8)], parser: &parser)
        #expect(events == [])
        #expect(parser.reconnectionTime == .zero)
        // Too many digits saturate instead of overflowing.
        _ = try parse([Array("retry: 99999999999999999999999\n\n".utf8)], parser: &parser)
        #expect(parser.reconnectionTime == .milliseconds(Int64.max))
    }

    @Test("an id containing NULL is ignored")
    func idWithNull() throws {
        #expect(
            try parse("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n") == [
                Event(id: "1", data: "a"), Event(id: "1", data: "b"),
            ])
    }

    @Test("the last event id persists across events until set again, and an empty id clears it")
    func lastEventIDPersists() throws {
        let events = try parse("id: 7\ndata: a\n\ndata: b\n\nid: 8\ndata: c\n\nid:\ndata: d\n\n")
        #expect(events.map(\.id) == ["7", "7", "8", nil])
    }

    @Test("an id in an event that dispatches nothing still becomes the last event id")
    func idWithoutData() throws {
        var parser = EventStreamParser()
        let events = try parse([Array("id: 5\n\ndata: a\n\n".utf8)], parser: &parser)
        #expect(events == [Event(id: "5", data: "a")])
        #expect(parser.lastEventID == "5")
    }

    @Test("an empty data buffer dispatches nothing and resets the event type")
    func emptyDataBuffer() throws {
        #expect(try parse("event: add\n\ndata: x\n\n") == [Event(data: "x")])
        #expect(try parse("\n\n\n") == [])
        #expect(try parse("event: add\nid: 1\n\n") == [])
    }

    @Test("unknown fields are ignored")
    func unknownFields() throws {
        #expect(try parse("foo: bar\ndata: a\nDATA: b\nData: c\n\n") == [Event(data: "a")])
    }

    @Test("an incomplete event at the end of the stream is discarded")
    func incompleteEventAtEnd() throws {
        var parser = EventStreamParser()
        #expect(try parse([Array("data: a\n\ndata: b\n".utf8)], parser: &parser) == [Event(data: "a")])
        parser.startNewStream()
        #expect(try parse([Array("data: c\n\n".utf8)], parser: &parser) == [Event(data: "c")])
        // A partial line (no line end) too.
        parser = EventStreamParser()
        #expect(try parse([Array("data: a\n\ndata: partial".utf8)], parser: &parser) == [Event(data: "a")])
        parser.startNewStream()
        #expect(try parse([Array("\n\n".utf8)], parser: &parser) == [])
    }

    @Test("an id in an event cut off by the end of the stream is not the last event id")
    func idOfDiscardedEvent() throws {
        var parser = EventStreamParser()
        #expect(
            try parse([Array("id: 1\ndata: a\n\nid: 2\ndata: b".utf8)], parser: &parser) == [Event(id: "1", data: "a")])
        #expect(parser.lastEventID == "1")
        parser.startNewStream()
        #expect(try parse([Array("data: c\n\n".utf8)], parser: &parser) == [Event(id: "1", data: "c")])
    }

    @Test("a new stream keeps the last event id and reconnection time, and may start with a BOM")
    func newStreamKeeps() throws {
        var parser = EventStreamParser()
        _ = try parse([Array("id: 3\nretry: 250\nevent: x\ndata: a\n\nevent: y\n".utf8)], parser: &parser)
        parser.startNewStream()
        let events = try parse([Array("\u{FEFF}data: b\n\n".utf8)], parser: &parser)
        #expect(events == [Event(id: "3", data: "b")])
        #expect(parser.reconnectionTime == .milliseconds(250))
    }

    @Test("invalid UTF-8 is replaced, never fatal")
    func invalidUTF8() throws {
        var parser = EventStreamParser()
        let events = try parse([Array("data: a".utf8) + [0xFF, 0xC3] + Array("\n\n".utf8)], parser: &parser)
        #expect(events == [Event(data: "a\u{FFFD}\u{FFFD}")])
    }

    @Test("an event larger than the limit is refused with a typed error")
    func tooLarge() throws {
        var parser = EventStreamParser(maximumEventSize: 16)
        var events: [Event] = []
        try parser.feed(Array("data: 0123456\n\n".utf8), into: &events)
        #expect(events == [Event(data: "0123456")])
        #expect(throws: EventStreamParser.EventTooLarge(limit: 16)) {
            try parser.feed(Array("data: 0123456789\ndata: 0123456789\n".utf8), into: &events)
        }
    }
}
