import Courier
import Foundation

/// Something that happened in a live thread, as ``RedditClient/liveUpdates(of:pollInterval:)``
/// delivers it.
///
/// Reddit's socket also sends `settings`, `embeds_ready` and `update_sidebar` messages (a
/// changed title, media found in an update, a new sidebar); they are not delivered: read
/// ``Reddit/liveThreadAbout(_:)`` or ``Reddit/liveUpdate(_:in:)`` when they matter.
public enum LiveThreadEvent: Sendable, Hashable {
    /// A new update (`update`).
    case update(LiveUpdate)
    /// An update was struck through, marked as no longer correct (`strike`): its fullname.
    case strike(Fullname)
    /// An update was deleted (`delete`): its fullname.
    case delete(Fullname)
    /// How many people are watching (`activity`; Reddit fuzzes small counts).
    case viewers(Int)
    /// The thread was closed for good (`complete`); the sequence ends after it.
    case complete

    private struct Envelope: Decodable {
        var type: String
    }

    private struct Payload<Value: Decodable>: Decodable {
        var payload: Value
    }

    private struct Wrapped: Decodable {
        var data: LiveUpdate
    }

    private struct Activity: Decodable {
        var count: Int
    }

    /// The event a socket message carries (`{"type": …, "payload": …}`); nil for a type that is
    /// not delivered or a message that is not of Reddit's shape.
    init?(socketMessage text: String) {
        let data = Data(text.utf8)
        let decoder = JSON.TapeDecoder()
        guard let type = try? decoder.decode(Envelope.self, from: data).type else { return nil }
        switch type {
        case "update":
            guard let update = try? decoder.decode(Payload<Wrapped>.self, from: data).payload.data else { return nil }
            self = .update(update)
        case "strike", "delete":
            guard let name = try? decoder.decode(Payload<String>.self, from: data).payload else { return nil }
            let fullname = Fullname(name.hasPrefix(Reddit.liveUpdatePrefix) ? name : Reddit.liveUpdatePrefix + name)
            self = type == "strike" ? .strike(fullname) : .delete(fullname)
        case "activity":
            guard let count = try? decoder.decode(Payload<Activity>.self, from: data).payload.count else { return nil }
            self = .viewers(count)
        case "complete":
            self = .complete
        default:
            return nil
        }
    }
}
