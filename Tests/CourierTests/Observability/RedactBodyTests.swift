import Courier
import Foundation
import Testing

@Suite("LoggingMonitor.Redactor.redactBody on free text")
struct RedactBodyTests {
    let redactor = LoggingMonitor.Redactor.default

    @Test("Query items inside URLs quoted in text are redacted; other items are kept")
    func queryPairsInText() {
        let text =
            #"{"url": "https://x.test/cb?state=abc&code=s3cr3t&access_token=t0k"} see https://x.test/a?page=2\u0026api_key=k3y"#
        let redacted = redactor.redactBody(text)
        #expect(!redacted.contains("s3cr3t") && !redacted.contains("t0k") && !redacted.contains("k3y"))
        #expect(redacted.contains("state=abc") && redacted.contains("page=2"))
        #expect(redacted.contains("code=<redacted>&access_token=<redacted>"))
    }

    @Test("A value already redacted is not redacted twice")
    func noDoubleRedaction() {
        let form = "grant_type=refresh_token&refresh_token=r1"
        #expect(
            redactor.redactBody(form, contentType: "application/x-www-form-urlencoded")
                == "grant_type=refresh_token&refresh_token=<redacted>")
    }

    @Test("Multipart parts with secret names are redacted, the others kept")
    func multipart() {
        let body =
            "--B\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nalice\r\n--B--\r\n"
        let redacted = redactor.redactBody(body, contentType: "multipart/form-data; boundary=B")
        #expect(!redacted.contains("hunter2"))
        #expect(redacted.contains("name=\"password\"\r\n\r\n<redacted>\r\n--B"))
        #expect(redacted.contains("alice"))
    }
}
