import Network
import Testing

/// RFC 9110 §5.6.7's example date in its three forms is 784111777 (`date -u -d '1994-11-06 08:49:37' +%s`).
@Suite struct HTTPDateTests {
    static let now2026 = 1_795_608_000  // 2026-11-25T12:00:00Z

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func theThreeForms(text: String) {
        #expect(HTTPDate.parse(text, now: Self.now2026) == 784_111_777)
    }

    @Test func aLeapDay() {
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 23:59:59 GMT") == 951_868_799)
    }

    @Test(arguments: [
        "", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z",
    ])
    func notHTTPDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func iso8601TimestampsAsMastodonWritesThem() {
        // `date -u -d '2020-09-08 13:25:00' +%s` is 1599571500.
        #expect(ISO8601Timestamp.parse("2020-09-08T13:25:00Z") == 1_599_571_500)
        #expect(ISO8601Timestamp.parse("2020-09-08T13:25:00.5Z") == 1_599_571_500.5)
        #expect(ISO8601Timestamp.parse("2020-09-08T15:25:00+02:00") == 1_599_571_500)
        #expect(ISO8601Timestamp.parse("2020-09-08T12:55:00-00:30") == 1_599_571_500)
        let micro = ISO8601Timestamp.parse("2020-09-08T13:25:00.019685Z") ?? 0
        #expect(abs(micro - 1_599_571_500.019685) < 1e-6)
        #expect(ISO8601Timestamp.parse("2020-09-08 13:25:00Z") == nil)
        #expect(ISO8601Timestamp.parse("2020-09-08T13:25:00") == nil)
        #expect(ISO8601Timestamp.parse("2020-13-08T13:25:00Z") == nil)
        #expect(ISO8601Timestamp.parse("2020-09-08T13:25:00.Z") == nil)
    }
}
