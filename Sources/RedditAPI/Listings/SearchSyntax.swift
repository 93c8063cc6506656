/// The query language of a search (`syntax=`).
public enum SearchSyntax: String, Sendable, Hashable, CaseIterable {
    /// Lucene, Reddit's default: `title:swift AND self:yes`.
    case lucene
    /// Amazon CloudSearch: `(and title:'swift' timestamp:1478592000..1478678400)`.
    case cloudsearch
    /// Plain words, no operators.
    case plain
}
