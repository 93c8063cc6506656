import Foundation

/// The running half of a ``WebSocket``: a thread of its own (`courier.websocket.reader`) reads the
/// channel, turns bytes into frames and messages, answers pings and keeps the keep-alive deadlines;
/// ``WebSocketWriter`` writes frames in the order they were sent, each by a deadline.
///
/// Every way to the end is bounded: a close frame (ours, the echo of the server's, the one that
/// reports a violation) is written within ``WebSocket/Options/closeTimeout``, and whatever the
/// writes are doing, the connection is closed when that time has passed (a one-shot timer), so
/// ``messages`` end, ``close(code:reason:)`` returns and no thread keeps the socket open.
final class WebSocketSession: WebSocketConnection, @unchecked Sendable {
    // @unchecked: `parser`, `assembler` (and the inflater in it), and the keep-alive fields are
    // used by the reader thread alone; `deflater` in the writer's turns alone (one at a time);
    // the rest is guarded by `state`'s lock.
    private let channel: any WebSocketChannel
    private let options: WebSocket.Options
    private let writer: WebSocketWriter
    /// Set once in init (it needs `self` for its cancel hook), never changed.
    private var inboxStorage: WebSocketInbox!
    var inbox: WebSocketInbox { inboxStorage }
    private var parser: WebSocketFrameParser
    private var assembler: WebSocketAssembler
    /// Compresses outgoing messages when permessage-deflate was negotiated (and zlib can honour
    /// the window the server allows).
    private let deflater: WebSocketDeflater?
    private let state = NSLock()
    private var closeSent = false
    private var finished = false
    private var peer: WebSocket.CloseFrame?
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    /// Outgoing messages larger than this go as several frames.
    static let fragmentSize = 1 << 20

    init(channel: any WebSocketChannel, options: WebSocket.Options, leftover: Data, deflate: PerMessageDeflate?) {
        self.channel = channel
        self.options = options
        writer = WebSocketWriter(channel: channel)
        parser = WebSocketFrameParser(maximumPayload: options.maximumMessageSize)
        assembler = WebSocketAssembler(maximumMessageSize: options.maximumMessageSize)
        deflater = deflate.flatMap { WebSocketDeflater($0) }
        if let deflate, let inflater = WebSocketInflater(deflate) {
            parser.allowsRSV1 = true
            let limit = options.maximumMessageSize
            assembler.inflate = { payload throws(WebSocketViolation) in
                try inflater.decompress(payload, limit: limit)
            }
        }
        parser.append(leftover)
        inboxStorage = WebSocketInbox { [weak self] in self?.abort(sendingClose: 1001) }
        writer.onBroken = { [weak self] cause in
            self?.finish(.connectionLost(reason: "a write stopped part-way through its frame (\(cause))"))
        }
    }

    /// A connection dropped before it started (a later stage of the pipeline failed the call)
    /// closes its socket.
    deinit { channel.close() }

    /// Starts the reader thread.
    func start() {
        let thread = Thread { [self] in readLoop() }
        thread.name = "courier.websocket.reader"
        thread.start()
    }

    var peerClose: WebSocket.CloseFrame? { state.withLock { peer } }

    /// Frames waiting for their turn to be written (tests: a ping flood leaves one pong at most).
    var waitingFrames: Int { writer.waitingFrames }

    // MARK: Sending

    func send(_ message: WebSocket.Message) async throws(WebSocketError) {
        let (opcode, payload): (WebSocketFrame.Opcode, Data) =
            switch message {
            case .text(let text): (.text, Data(text.utf8))
            case .binary(let data): (.binary, data)
            }
        try await write(dataFrame: true) { [deflater] in
            // In the writer's turn: compressed in the order the messages go out, which the
            // window shared between messages needs.
            let compressed = deflater?.compress(payload)
            return Self.frames(opcode: opcode, payload: compressed ?? payload, compressed: compressed != nil)
        }
    }

    /// A message's frames: one or, above ``fragmentSize``, several; RSV1 on the first when the
    /// payload is compressed.
    static func frames(opcode: WebSocketFrame.Opcode, payload: Data, compressed: Bool) -> Data {
        var bytes = Data()
        bytes.reserveCapacity(payload.count + 14 * (payload.count / fragmentSize + 1))
        var start = payload.startIndex
        var first = true
        repeat {
            let end = min(start + fragmentSize, payload.endIndex)
            WebSocketFrame(
                fin: end == payload.endIndex, rsv1: first && compressed, opcode: first ? opcode : .continuation,
                payload: payload[start..<end]
            )
            .encode(into: &bytes)
            first = false
            start = end
        } while start < payload.endIndex
        return bytes
    }

    func ping(_ payload: Data) async throws(WebSocketError) {
        try await write(dataFrame: false) {
            var bytes = Data()
            WebSocketFrame(fin: true, opcode: .ping, payload: payload).encode(into: &bytes)
            return bytes
        }
    }

    func discard() { channel.close() }

    /// Sends the bytes `encode` makes, in turn, within ``WebSocket/Options/sendTimeout``.
    private func write(dataFrame: Bool, _ encode: @escaping @Sendable () -> Data) async throws(WebSocketError) {
        if state.withLock({ finished || (dataFrame && closeSent) }) { throw .closed }
        let limit = options.sendTimeout
        try await writer.write(deadline: .now + limit, limit: limit, encode)
    }

    /// Queues a control frame from the reader thread (a ping, a close), then runs `after`.
    private func enqueueControl(
        _ opcode: WebSocketFrame.Opcode, _ payload: Data, within limit: Duration, after: (@Sendable () -> Void)? = nil
    ) {
        var frame = Data()
        WebSocketFrame(fin: true, opcode: opcode, payload: payload).encode(into: &frame)
        writer.enqueue(frame, deadline: .now + limit, limit: limit, after: after)
    }

    private static func closePayload(code: UInt16, reason: String) -> Data {
        var payload = Data([UInt8(code >> 8), UInt8(code & 0xFF)])
        // At most 123 bytes of reason, cut at a character boundary (it must stay UTF-8).
        var cut = ""
        for character in reason where cut.utf8.count + character.utf8.count <= 123 { cut.append(character) }
        payload.append(contentsOf: cut.utf8)
        return payload
    }

    // MARK: Closing

    func close(code: UInt16, reason: String) async {
        let first: Bool = state.withLock {
            guard !finished && !closeSent else { return false }
            closeSent = true
            return true
        }
        if first {
            sendClose(Self.closePayload(code: code, reason: reason), then: nil)
        }
        await withCheckedContinuation { continuation in
            let done: Bool = state.withLock {
                if finished { return true }
                closeWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Writes a close frame within ``WebSocket/Options/closeTimeout``; once it is written,
    /// `then` (nil: wait for the server's close frame, which the reader sees) ends the connection,
    /// and when the time has passed, the connection ends anyway (`.some(nil)`: normally).
    private func sendClose(_ payload: Data, then end: WebSocketError??) {
        let limit = options.closeTimeout
        enqueueControl(.close, payload, within: limit) { [weak self] in
            if let end { self?.finish(end) }
        }
        let deadlineEnd: WebSocketError? = end ?? nil
        DispatchQueue.global().asyncAfter(deadline: .now() + limit.timeInterval) { [weak self] in
            self?.finish(deadlineEnd)
        }
    }

    /// Ends everything: the channel closes, the inbox ends (with `error`, or normally), waiters
    /// in ``close(code:reason:)`` return.
    private func finish(_ error: WebSocketError?) {
        let waiters: [CheckedContinuation<Void, Never>]? = state.withLock {
            guard !finished else { return nil }
            finished = true
            defer { closeWaiters = [] }
            return closeWaiters
        }
        guard let waiters else { return }
        channel.close()
        inbox.finish(error)
        for waiter in waiters { waiter.resume() }
    }

    /// Starts the close handshake once (true), or says it was started already.
    private func claimClose() -> Bool {
        state.withLock {
            defer { closeSent = true }
            return !closeSent && !finished
        }
    }

    /// The reader was cancelled: close at once, telling the server when possible.
    private func abort(sendingClose code: UInt16) {
        if claimClose() {
            sendClose(Self.closePayload(code: code, reason: ""), then: .some(.cancelled))
        } else {
            finish(.cancelled)
        }
    }

    /// A violation by the server: close with its code, then end with the error.
    private func fail(_ violation: WebSocketViolation) {
        let error = WebSocketError.protocolViolation(code: violation.code, reason: violation.reason)
        if claimClose() {
            sendClose(Self.closePayload(code: violation.code, reason: violation.reason), then: .some(error))
        } else {
            finish(error)
        }
    }

    // MARK: Reading (the reader thread)

    private func readLoop() {
        let clock = ContinuousClock()
        var nextPing = options.pingInterval.map { clock.now + $0 }
        var pongDeadline: ContinuousClock.Instant?
        while true {
            do {
                while let frame = try parser.next() {
                    guard let event = try assembler.take(frame) else { continue }
                    switch event {
                    case .message(let message):
                        guard inbox.push(message) else { return }
                    case .ping(let payload):
                        let limit = options.sendTimeout
                        writer.enqueuePong(payload, deadline: .now + limit, limit: limit)
                    case .pong:
                        pongDeadline = nil
                    case .close(let frame):
                        receivedClose(frame)
                        return
                    }
                }
            } catch {
                fail(error)
                return
            }
            if state.withLock({ finished }) { return }
            let received: WebSocketReceived
            do {
                // Straight into the parser's buffer: no copy on the way.
                received = try parser.receive { [channel] free in
                    let received = try channel.receive(into: free)
                    if case .bytes(let count) = received { return (count, received) }
                    return (0, received)
                }
            } catch {
                finish(lostUnlessClosing((error as? URLError)?.localizedDescription ?? "\(error)"))
                return
            }
            switch received {
            case .bytes:
                continue
            case .end:
                finish(lostUnlessClosing("the server closed the connection without a close frame"))
                return
            case .wouldBlock:
                let now = clock.now
                if let deadline = pongDeadline, now >= deadline {
                    finish(.pongTimeout)
                    return
                }
                if let due = nextPing, now >= due, let interval = options.pingInterval {
                    enqueueControl(.ping, Data("courier".utf8), within: options.sendTimeout)
                    if pongDeadline == nil { pongDeadline = now + options.pongTimeout }
                    nextPing = now + interval
                }
                let wakeAt = [pongDeadline, nextPing].compactMap { $0 }.min()
                let wait = wakeAt.map { Int32(clamping: max(1, ($0 - clock.now).roundedUpMilliseconds)) } ?? -1
                channel.waitReadable(milliseconds: wait)
            }
        }
    }

    /// After the close handshake a closed connection is the expected end; before, a loss.
    private func lostUnlessClosing(_ reason: String) -> WebSocketError? {
        state.withLock { closeSent } ? nil : .connectionLost(reason: reason)
    }

    private func receivedClose(_ frame: WebSocket.CloseFrame) {
        let echo = state.withLock {
            peer = frame
            defer { closeSent = true }
            return !closeSent
        }
        if echo {
            // Echo the code (section 5.5.1); a close without one is answered without one.
            sendClose(frame.code.map { Self.closePayload(code: $0, reason: "") } ?? Data(), then: .some(nil))
        } else {
            finish(nil)
        }
    }
}

extension Duration {
    /// Whole milliseconds, rounded up (saturating).
    fileprivate var roundedUpMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds < Int64.max / 1000 - 1 else { return .max }
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

}
