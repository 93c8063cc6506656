#if !canImport(FoundationNetworking)
import Foundation
import Synchronization

/// A ``WebSocket``'s connection on Apple platforms: a `URLSessionWebSocketTask` of the client's
/// ``URLSessionTransport``, behind the same ``WebSocketConnection`` as libcurl's on Linux.
///
/// URLSession does the framing, answers the server's pings and applies the message size limit
/// (`maximumMessageSize`); this class maps its events to Courier's: a thread of its own receives
/// one message at a time into the bounded ``WebSocketInbox`` (so a slow reader stops the
/// receiving), the keep-alive pings with `sendPing`, and the task's failures become
/// ``WebSocketError``s.
///
/// What the task does not let it do (see the WebSockets article): choose whether
/// permessage-deflate is offered, see fragments, send a ping payload, or send a close code outside
/// `URLSessionWebSocketTask.CloseCode` (such a code goes as 1000).
final class URLSessionWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    // @unchecked: `inboxStorage` is set once in init and never changed; every other mutable
    // thing is inside `state`'s lock.

    /// What the opening handshake came to.
    enum Opening {
        case accepted(HTTPURLResponse)
        case refused(HTTPURLResponse)
    }

    private enum Phase {
        case idle
        case opening(CheckedContinuation<Opening, any Error>)
        case open
        case ended

        var isEnded: Bool {
            if case .ended = self { return true }
            return false
        }
    }

    private struct State {
        var phase = Phase.idle
        /// ``close(code:reason:)`` or a cancellation started closing: the end is then normal.
        var closing = false
        var peer: WebSocket.CloseFrame?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        var keepAlive: Task<Void, Never>?
    }

    private let task: URLSessionWebSocketTask
    private let options: WebSocket.Options
    private let events = URLSessionWebSocketEvents()
    private let state = Mutex(State())
    private var inboxStorage: WebSocketInbox!
    var inbox: WebSocketInbox { inboxStorage }

    /// Why the session's delegate refused the server's certificate for the task with this
    /// identifier (a `CertificatePinningError`, say), nil when it did not.
    private let trustFailure: @Sendable (Int) -> (any Error)?

    init(
        task: URLSessionWebSocketTask, options: WebSocket.Options,
        trustFailure: @escaping @Sendable (Int) -> (any Error)? = { _ in nil }
    ) {
        self.task = task
        self.options = options
        self.trustFailure = trustFailure
        inboxStorage = WebSocketInbox { [weak self] in self?.abort() }
    }

    /// A connection dropped before it started (a later stage of the pipeline failed the call)
    /// cancels its task.
    deinit { task.cancel() }

    var peerClose: WebSocket.CloseFrame? { state.withLock { $0.peer } }

    // MARK: Opening

    /// Starts the task and waits for the server's answer to the handshake, at most `timeout`.
    func open(timeout: Duration) async throws -> Opening {
        events.connection = self
        task.delegate = events
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let abandoned = state.withLock { state in
                    guard case .idle = state.phase else { return true }
                    state.phase = .opening(continuation)
                    return false
                }
                if abandoned {
                    continuation.resume(throwing: URLError(.cancelled))
                    return
                }
                task.resume()
                Self.timers.asyncAfter(deadline: .now() + timeout.timeInterval) { [weak self] in
                    self?.failOpening(URLError(.timedOut))
                }
            }
        } onCancel: {
            failOpening(URLError(.cancelled))
        }
    }

    /// Ends a handshake still waiting (a timeout, a cancellation); nothing once it was answered.
    private func failOpening(_ error: URLError) {
        let waiting: CheckedContinuation<Opening, any Error>? = state.withLock { state in
            switch state.phase {
            case .idle:
                state.phase = .ended
                return nil
            case .opening(let continuation):
                state.phase = .ended
                return continuation
            case .open, .ended:
                return nil
            }
        }
        guard let waiting else { return }
        task.cancel()
        waiting.resume(throwing: error)
    }

    /// The task's delegate: the server accepted the upgrade.
    func didOpen() {
        let waiting: CheckedContinuation<Opening, any Error>? = state.withLock { state in
            guard case .opening(let continuation) = state.phase else { return nil }
            state.phase = .open
            return continuation
        }
        guard let waiting else { return }
        let response =
            task.response as? HTTPURLResponse
            ?? HTTPURLResponse(
                url: task.originalRequest?.url ?? URL(fileURLWithPath: "/"), statusCode: 101,
                httpVersion: "HTTP/1.1", headerFields: nil)!
        waiting.resume(returning: .accepted(response))
    }

    /// The task's delegate: the task ended. While opening, that is a refused certificate (the
    /// trust error, not URLSession's cancellation), a refusal (a status other than 101) or a
    /// failure; once open, the reader thread sees the end in its pending receive.
    func didComplete(_ error: (any Error)?) {
        let waiting: CheckedContinuation<Opening, any Error>? = state.withLock { state in
            guard case .opening(let continuation) = state.phase else { return nil }
            state.phase = .ended
            return continuation
        }
        guard let waiting else { return }
        if let refusedTrust = trustFailure(task.taskIdentifier) {
            // The challenge was cancelled: URLSession reports only the cancellation.
            waiting.resume(throwing: refusedTrust)
        } else if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
            waiting.resume(returning: .refused(response))
        } else {
            waiting.resume(throwing: Self.urlError(error ?? URLError(.badServerResponse)))
        }
    }

    /// The task's delegate: the server's close frame.
    func didReceiveClose(code: URLSessionWebSocketTask.CloseCode, reason: Data?) {
        let none = code == .invalid || code == .noStatusReceived
        let frame = WebSocket.CloseFrame(
            code: none ? nil : UInt16(clamping: code.rawValue),
            reason: reason.flatMap { String(data: $0, encoding: .utf8) } ?? "")
        state.withLock { $0.peer = frame }
    }

    // MARK: Running

    func start() {
        let thread = Thread { [self] in readLoop() }
        thread.name = "courier.websocket.reader"
        thread.start()
        if let interval = options.pingInterval {
            let keepAlive = Task { [weak self] in _ = await self?.keepAlive(every: interval) }
            state.withLock { $0.keepAlive = keepAlive }
        }
    }

    /// Receives one message at a time into the inbox, which waits while it is full; ends the
    /// inbox when the task ends.
    private func readLoop() {
        let received = Handoff<Result<WebSocket.Message?, any Error>>()
        while true {
            task.receive { result in
                received.put(
                    result.map { message in
                        switch message {
                        case .string(let text): .text(text)
                        case .data(let data): .binary(data)
                        @unknown default: nil
                        }
                    })
            }
            switch received.take() {
            case .success(let message?):
                guard inbox.push(message) else { return }
            case .success(nil):
                continue
            case .failure(let error):
                finish(endError(error))
                return
            }
        }
    }

    /// Why the task ended, as the messages should end: normally after a close frame or a close
    /// the client started, else a violation URLSession closed the connection for, else a loss.
    private func endError(_ error: any Error) -> WebSocketError? {
        if state.withLock({ $0.closing || $0.peer != nil }) { return nil }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain && nsError.code == Int(POSIXError.Code.EMSGSIZE.rawValue) {
            return .protocolViolation(code: 1009, reason: "message larger than \(options.maximumMessageSize) bytes")
        }
        let code = task.closeCode.rawValue
        if code == 1002 || code == 1007 || code == 1009 {
            return .protocolViolation(code: UInt16(code), reason: nsError.localizedDescription)
        }
        return .connectionLost(reason: nsError.localizedDescription)
    }

    private func keepAlive(every interval: Duration) async {
        while true {
            do { try await Task.sleep(for: interval) } catch { return }
            if state.withLock({ $0.phase.isEnded }) { return }
            let answered = await withCheckedContinuation { continuation in
                let pong = Handoff<Bool>.Once(continuation)
                task.sendPing { error in pong.resume(error == nil) }
                Self.timers.asyncAfter(deadline: .now() + options.pongTimeout.timeInterval) { pong.resume(false) }
            }
            if !answered {
                task.cancel(with: .goingAway, reason: nil)
                finish(.pongTimeout)
                return
            }
        }
    }

    func send(_ message: WebSocket.Message) async throws(WebSocketError) {
        if state.withLock({ $0.phase.isEnded || $0.closing }) { throw .closed }
        let outgoing: URLSessionWebSocketTask.Message =
            switch message {
            case .text(let text): .string(text)
            case .binary(let data): .data(data)
            }
        if Task.isCancelled { throw .cancelled }
        // The send races its timeout and the task's cancellation; a send cut part-way ends the
        // connection (its frame cannot be completed).
        let limit = options.sendTimeout
        let outcome: WebSocketError? = await withTaskGroup(of: WebSocketError?.self) { group in
            group.addTask { [task] in
                await withCheckedContinuation { continuation in
                    task.send(outgoing) { error in continuation.resume(returning: error == nil ? nil : .closed) }
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: limit)
                    return .sendTimeout(limit)
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? nil
            if first == .cancelled || first == .sendTimeout(limit) {
                task.cancel(with: .goingAway, reason: nil)
                finish(.connectionLost(reason: "a send was cut part-way (\(first.map { "\($0)" } ?? ""))"))
            }
            group.cancelAll()
            return first
        }
        if let outcome { throw outcome }
    }

    /// Sends a ping; URLSessionWebSocketTask's pings carry no payload, so `payload` is not sent.
    func ping(_ payload: Data) async throws(WebSocketError) {
        if state.withLock({ $0.phase.isEnded }) { throw .closed }
        task.sendPing { _ in }
    }

    // MARK: Closing

    func close(code: UInt16, reason: String) async {
        let first = state.withLock { state in
            guard !state.phase.isEnded && !state.closing else { return false }
            state.closing = true
            return true
        }
        if first {
            task.cancel(
                with: URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure,
                reason: Data(reason.utf8.prefix(123)))
            Self.timers.asyncAfter(deadline: .now() + options.closeTimeout.timeInterval) { [weak self] in
                self?.finish(nil)
            }
        }
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.phase.isEnded { return true }
                state.closeWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// The reader was cancelled: close at once (1001).
    private func abort() {
        let send = state.withLock { state in
            defer { state.closing = true }
            return !state.closing && !state.phase.isEnded
        }
        if send { task.cancel(with: .goingAway, reason: nil) }
        finish(.cancelled)
    }

    func discard() {
        task.cancel()
        finish(nil)
    }

    /// Ends everything: the inbox (after its queued messages), the keep-alive, the waiters in
    /// ``close(code:reason:)``.
    private func finish(_ error: WebSocketError?) {
        typealias Ending = (waiters: [CheckedContinuation<Void, Never>], keepAlive: Task<Void, Never>?, closing: Bool)
        let ending: Ending? = state.withLock { state in
            guard !state.phase.isEnded else { return nil }
            state.phase = .ended
            defer { state.closeWaiters = [] }
            return (state.closeWaiters, state.keepAlive, state.closing)
        }
        guard let ending else { return }
        // After `cancel(with:reason:)`, URLSession runs the close handshake itself.
        if !ending.closing { task.cancel() }
        ending.keepAlive?.cancel()
        inbox.finish(error)
        for waiter in ending.waiters { waiter.resume() }
    }

    private static func urlError(_ error: any Error) -> URLError {
        error as? URLError
            ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error, NSLocalizedDescriptionKey: "\(error)"])
    }

    /// Where the handshake, close and pong deadlines fire.
    private static let timers = DispatchQueue(label: "Courier.URLSessionWebSocket.timers")
}

/// One value handed from a completion handler to a waiting thread.
private final class Handoff<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written under `condition` only.
    private let condition = NSCondition()
    private var value: Value?

    func put(_ new: Value) {
        condition.withLock {
            value = new
            condition.signal()
        }
    }

    /// Waits for the value ``put(_:)`` gives, and takes it.
    func take() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        defer { value = nil }
        return value!
    }

    /// A continuation resumed by the first of several callbacks.
    final class Once: Sendable {
        private let continuation: Mutex<CheckedContinuation<Value, Never>?>

        init(_ continuation: CheckedContinuation<Value, Never>) {
            self.continuation = Mutex(continuation)
        }

        func resume(_ value: Value) {
            continuation.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }?.resume(returning: value)
        }
    }
}
#endif
