import Foundation

/// permessage-deflate (RFC 7692) as the server accepted it: the parameters of its
/// `Sec-WebSocket-Extensions` answer.
struct PerMessageDeflate: Equatable, Sendable {
    /// The server starts every message with an empty window (its deflater resets).
    var serverNoContextTakeover = false
    /// The client must start every message with an empty window (our deflater resets).
    var clientNoContextTakeover = false
    /// The server's window (8...15 bits); our inflater always uses 15, which reads any of them.
    var serverMaxWindowBits = 15
    /// The window our deflater may use (8...15 bits).
    var clientMaxWindowBits = 15

    /// What the client offers: the extension, and that it can work with a smaller window.
    static let offer = "permessage-deflate; client_max_window_bits"

    /// The extension the server's answer selects: nil when it selects none, permessage-deflate's
    /// parameters when it selects that one (allowed only if `offered`), a reason to fail the
    /// handshake otherwise (an extension not offered, an unknown or repeated parameter, a window
    /// size out of range; RFC 7692 section 7.1).
    static func negotiate(answer values: [String], offered: Bool) -> Result<Self?, Problem> {
        let extensions = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let first = extensions.first else { return .success(nil) }
        guard extensions.count == 1 else { return .failure(Problem("the server selected several extensions")) }
        // Empty pieces are kept (not skipped) so that "; ;" or "; =" is refused, not mistaken
        // for a shorter answer.
        var parts = first.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let name = parts.removeFirst()
        guard name.lowercased() == "permessage-deflate", offered else {
            let shown = name.isEmpty ? "without a name" : name
            return .failure(Problem("the server selected the extension \(shown), which was not offered"))
        }
        var result = PerMessageDeflate()
        var seen: Set<String> = []
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let key = pair[0].lowercased()
            guard !key.isEmpty else {
                return .failure(Problem("permessage-deflate has an empty parameter (\"\(part)\")"))
            }
            let value = pair.count == 2 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            guard seen.insert(key).inserted else { return .failure(Problem("permessage-deflate repeats \(key)")) }
            switch (key, value) {
            case ("server_no_context_takeover", nil): result.serverNoContextTakeover = true
            case ("client_no_context_takeover", nil): result.clientNoContextTakeover = true
            case ("server_max_window_bits", let value?):
                guard let bits = Int(value), (8...15).contains(bits) else {
                    return .failure(Problem("permessage-deflate server_max_window_bits=\(value) is out of range"))
                }
                result.serverMaxWindowBits = bits
            case ("client_max_window_bits", let value?):
                guard let bits = Int(value), (8...15).contains(bits) else {
                    return .failure(Problem("permessage-deflate client_max_window_bits=\(value) is out of range"))
                }
                result.clientMaxWindowBits = bits
            default:
                return .failure(Problem("permessage-deflate parameter \(part) is not understood"))
            }
        }
        return .success(result)
    }

    /// Why an answer's extensions cannot be accepted.
    struct Problem: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

/// The four bytes a sync flush ends with, which RFC 7692 takes off each compressed message and a
/// reader puts back.
private let syncFlushTail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]

/// Compresses outgoing messages (one per connection, used from the writer queue alone, so that
/// the shared window follows the order messages go out in).
final class WebSocketDeflater: @unchecked Sendable {
    // @unchecked: the session calls it from its serial writer queue only, one call at a time.
    private let zlib: Zlib
    private let stream = Zlib.allocateStream()
    private let resetsEachMessage: Bool

    /// A deflater for `parameters`, nil when zlib is missing or the window the server allows is
    /// one zlib cannot write (8 bits: raw deflate needs at least 9); messages then go uncompressed,
    /// which RFC 7692 allows.
    init?(_ parameters: PerMessageDeflate, zlib: Zlib? = Zlib.loaded) {
        guard let zlib, parameters.clientMaxWindowBits >= 9 else { return nil }
        self.zlib = zlib
        resetsEachMessage = parameters.clientNoContextTakeover
        // Level 6 (the default), memLevel 8; a negative window asks for raw deflate (no header).
        let status = zlib.deflateInit(
            stream, 6, Zlib.deflated, -Int32(parameters.clientMaxWindowBits), 8, 0, zlib.version(),
            Int32(Zlib.streamSize))
        guard status == Zlib.ok else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        _ = zlib.deflateEnd(stream)
        stream.deallocate()
    }

    /// The message's compressed payload (without the sync flush's last four bytes).
    func compress(_ message: Data) -> Data {
        var output = Data()
        Zlib.drive(
            stream, input: message, step: { zlib.deflate($0, Zlib.syncFlush) },
            take: { piece, status in
                output.append(contentsOf: piece)
                return status == Zlib.ok || status == Zlib.bufferError
            })
        if output.count >= 4 && output.suffix(4).elementsEqual(syncFlushTail) { output.removeLast(4) }
        if resetsEachMessage { _ = zlib.deflateReset(stream) }
        return output
    }
}

/// Decompresses incoming messages (one per connection, used by the reader thread alone).
final class WebSocketInflater {
    private let zlib: Zlib
    private let stream = Zlib.allocateStream()
    private let resetsEachMessage: Bool

    /// An inflater for `parameters`; nil when zlib is missing (the extension is then not offered).
    init?(_ parameters: PerMessageDeflate, zlib: Zlib? = Zlib.loaded) {
        guard let zlib else { return nil }
        self.zlib = zlib
        resetsEachMessage = parameters.serverNoContextTakeover
        // A 15-bit window reads data written with any smaller one.
        guard zlib.inflateInit(stream, -15, zlib.version(), Int32(Zlib.streamSize)) == Zlib.ok else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        _ = zlib.inflateEnd(stream)
        stream.deallocate()
    }

    /// The message a compressed payload holds. Stops as soon as the message grows past `limit`
    /// (1009: a small payload that inflates to gigabytes is never inflated whole); invalid
    /// DEFLATE data is a protocol error (1002).
    func decompress(_ payload: Data, limit: Int) throws(WebSocketViolation) -> Data {
        var input = payload
        input.append(contentsOf: syncFlushTail)
        var output = Data()
        var violation: WebSocketViolation?
        Zlib.drive(
            stream, input: input, step: { zlib.inflate($0, Zlib.syncFlush) },
            take: { piece, status in
                output.append(contentsOf: piece)
                if output.count > limit {
                    violation = WebSocketViolation(code: 1009, reason: "message larger than \(limit) bytes")
                    return false
                }
                switch status {
                case Zlib.streamEnd:
                    // The server ended its stream (BFINAL): the next message starts a new one.
                    _ = zlib.inflateReset(stream)
                    return false
                case Zlib.ok: return true
                case Zlib.bufferError where !piece.isEmpty: return true
                case Zlib.bufferError where Zlib.availableInput(stream) == 0: return true
                default:
                    violation = .protocolError("compressed message is not valid DEFLATE data")
                    return false
                }
            })
        if let violation { throw violation }
        if resetsEachMessage { _ = zlib.inflateReset(stream) }
        return output
    }
}
