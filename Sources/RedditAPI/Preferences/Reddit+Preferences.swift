public import Courier
import Foundation

extension Reddit {
    /// Changes some of your preferences (`PATCH /api/v1/me/prefs`, scope `account`), named as
    /// ``Preferences/values`` names them (`"media_preview": "on"`, `"over_18": true`); the others
    /// keep their value. Answers with every preference as it is now.
    public static func updatePreferences(_ changes: [String: JSON]) -> Request<Preferences> {
        call(.patch, "/api/v1/me/prefs", form: jsonField(changes), as: Preferences.self) { $0 }
    }
}
