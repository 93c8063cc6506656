import Courier
import Foundation
import RedditAPI

/// `reddit live ID`: a live thread's events as they arrive.
extension CommandRunner {
    /// Prints the thread's events (one line each, or one JSON object a line) until the thread is
    /// closed or the command is interrupted.
    func followLive(_ thread: String) async throws(CLIError) {
        if offline { throw CLIError("live needs the network: live threads are not recorded offline") }
        do {
            for try await event in service.client.liveUpdates(of: thread) {
                Output.write(json ? Self.jsonLine(event) : Self.line(event))
            }
        } catch let error as HTTPError {
            throw RedditService.describe(error)
        } catch {
            throw CLIError("following live thread \(thread) stopped: \(error)")
        }
    }

    /// An event as a line of text.
    static func line(_ event: LiveThreadEvent) -> String {
        switch event {
        case .update(let update):
            "u/\(update.author ?? "[deleted]"): " + update.body.replacingOccurrences(of: "\n", with: " ") + "\n"
        case .strike(let name): "struck through: \(name.rawValue)\n"
        case .delete(let name): "deleted: \(name.rawValue)\n"
        case .viewers(let count): "viewers: \(count)\n"
        case .complete: "the live thread is closed\n"
        }
    }

    /// An event as one JSON object on one line: `type`, with `name`, `author` and `text` for an
    /// update, `name` for a strike or delete, `count` for viewers.
    static func jsonLine(_ event: LiveThreadEvent) -> String {
        var object: [String: Any]
        switch event {
        case .update(let update):
            object = [
                "type": "update", "name": update.name.rawValue, "author": update.author ?? NSNull(),
                "text": update.body,
            ]
        case .strike(let name): object = ["type": "strike", "name": name.rawValue]
        case .delete(let name): object = ["type": "delete", "name": name.rawValue]
        case .viewers(let count): object = ["type": "viewers", "count": count]
        case .complete: object = ["type": "complete"]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
