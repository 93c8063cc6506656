/// Builds the ``RedditService`` a command runs against.
package enum ServiceFactory {
    /// The offline service replaying the shipped cassette, or the online one.
    package static func make(options: GlobalOptions, configuration: CLIConfiguration) throws(CLIError) -> any RedditService {
        throw CLIError("not implemented yet")
    }
}
