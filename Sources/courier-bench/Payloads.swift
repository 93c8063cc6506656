import Foundation

/// The generated JSON files nginx serves: a feed of items, grown to the size a scenario needs.
struct Feed: Codable, Sendable {
    struct Item: Codable, Sendable {
        let id: Int
        let title: String
        let author: String
        let score: Int
        let tags: [String]
        let createdAt: Double
        let nsfw: Bool
    }

    let items: [Item]
    let next: String?

    /// A feed whose JSON is about `bytes` long (never shorter). Deterministic, so every run of the
    /// bench serves the same bytes.
    static func json(atLeast bytes: Int) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var items: [Item] = []
        // An item encodes to about 150 bytes; start near the target and add until it is reached.
        var data = Data()
        repeat {
            let id = items.count
            items.append(
                Item(
                    id: id, title: "Item number \(id) of the benchmark feed", author: "user\(id % 97)",
                    score: (id * 7919) % 10_000, tags: ["swift", "linux", "tag\(id % 13)"],
                    createdAt: 1_700_000_000 + Double(id) * 61.5, nsfw: id % 11 == 0
                ))
            if items.count % 16 == 0 || bytes < 4096 {
                data = try encoder.encode(Feed(items: items, next: "cursor-\(id)"))
            }
        } while data.count < bytes
        return data
    }
}
