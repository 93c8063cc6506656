/// One piece of a flair in rich text (`link_flair_richtext`, `author_flair_richtext`): some
/// text, or a subreddit emoji.
public enum FlairPart: Sendable, Hashable, Decodable {
    /// Plain text.
    case text(String)
    /// An emoji: its code (`:triforce:`, which Reddit also writes into the flair's plain text)
    /// and the address of its image, when sent.
    case emoji(code: String, imageURL: String?)

    private enum CodingKeys: String, CodingKey {
        case kind = "e"
        case text = "t"
        case code = "a"
        case imageURL = "u"
    }

    /// Decodes `{"e": "text", "t": …}` or `{"e": "emoji", "a": …, "u": …}`; another kind reads
    /// as its text, when it has one.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if try c.value(.kind, or: "text") == "emoji" {
            self = .emoji(
                code: try c.value(.code, or: ""), imageURL: try c.decodeIfPresent(String.self, forKey: .imageURL))
        } else {
            self = .text(try c.value(.text, or: ""))
        }
    }

    /// The flair as text: text pieces as they are, emoji by their code.
    public static func text(of parts: [FlairPart]) -> String {
        parts.map {
            switch $0 {
            case .text(let text): text
            case .emoji(let code, _): code
            }
        }.joined()
    }
}
