/// `login` and `logout`.
struct AccountCommands: Sendable {
    let configuration: CLIConfiguration
    let offline: Bool

    func login() async throws(CLIError) {
        throw CLIError("not implemented yet")
    }

    func logout() async throws(CLIError) {
        throw CLIError("not implemented yet")
    }
}
