import Foundation
import Network
import Testing

/// How long an answer may be reused: `Cache-Control: max-age` (minus `Age`) first, else `Expires`
/// counted from `Date`, else from now.
struct HTTPResponseCacheTests {
    /// 2026-12-01 10:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_796_119_200)

    static func maxAge(_ headers: [String: String]) -> Double? {
        HTTPResponse(status: 200, headers: headers).maxAge(now: now)
    }

    @Test func maxAgeComesFirst() {
        #expect(Self.maxAge(["cache-control": "public, max-age=600"]) == 600)
        #expect(Self.maxAge(["cache-control": "max-age=600", "age": "100"]) == 500)
        #expect(Self.maxAge(["cache-control": "max-age=600", "expires": "Tue, 01 Dec 2026 12:00:00 GMT"]) == 600)
        #expect(Self.maxAge(["cache-control": "no-store", "expires": "Tue, 01 Dec 2026 12:00:00 GMT"]) == 0)
        #expect(Self.maxAge(["cache-control": "max-age=99999999999"]) == HTTPResponse.longestMaxAge)
    }

    @Test func expiresCountsFromTheResponsesDate() {
        // The server's clock is an hour behind ours: its Date is what Expires is measured from.
        let headers = ["date": "Tue, 01 Dec 2026 09:00:00 GMT", "expires": "Tue, 01 Dec 2026 09:30:00 GMT"]
        #expect(Self.maxAge(headers) == 1800)
        #expect(Self.maxAge(["cache-control": "public", "expires": "Tue, 01 Dec 2026 11:00:00 GMT"]) == 3600)
        #expect(Self.maxAge(["expires": "Tue, 01 Dec 2026 08:00:00 GMT"]) == 0, "already expired")
        #expect(Self.maxAge(["expires": "0"]) == 0, "an Expires that is no date is in the past")
        #expect(Self.maxAge(["date": "garbage", "expires": "Tue, 01 Dec 2026 10:10:00 GMT"]) == 600)
    }

    @Test func nothingSaidIsNil() {
        #expect(Self.maxAge([:]) == nil)
        #expect(Self.maxAge(["cache-control": "public"]) == nil)
    }
}
