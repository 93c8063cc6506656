/// Who may see and edit one wiki page (`/r/SUB/wiki/settings/PAGE`).
public struct WikiPageSettings: Sendable, Hashable, Decodable {
    /// Who may edit: 0 as the wiki's settings say, 1 only approved editors of this page
    /// (``editors``), 2 only moderators (who alone may then see it).
    public var permissionLevel: Int
    /// Whether the page is listed in the wiki's pages.
    public var isListed: Bool
    /// The users approved to edit this page.
    public var editors: [Account]

    private enum CodingKeys: String, CodingKey {
        case permissionLevel = "permlevel"
        case isListed = "listed"
        case editors
    }

    /// Decodes the settings' `data`; the editors come wrapped as `{"kind": "t2", "data": {...}}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        permissionLevel = try c.value(.permissionLevel, or: 0)
        isListed = try c.value(.isListed, or: true)
        editors = try c.value(.editors, or: [Wrapped<Account>]()).map(\.value)
    }
}
