import Network
import Testing

/// `Retry-After`, the retry rule and Mastodon's rate-limit headers, without a server.
@Suite struct RetryTests {
    static let now = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT

    private func response(_ status: Int, _ fields: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: HTTPHeaders(fields.map { HTTPHeaderField(name: $0.0, value: $0.1) }),
            finalURL: "http://127.0.0.1/")
    }

    @Test func retryAfterInSecondsOrAsADate() {
        #expect(RetryAfter.delay("120", now: Self.now) == .seconds(120))
        #expect(RetryAfter.delay(" 0 ", now: Self.now) == .zero)
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:50:07 GMT", now: Self.now) == .seconds(30))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:00:00 GMT", now: Self.now) == .zero)
        #expect(RetryAfter.delay("99999999999999999999999", now: Self.now)! > .seconds(60))
        #expect(RetryAfter.delay("-5", now: Self.now) == nil)
        #expect(RetryAfter.delay("soon", now: Self.now) == nil)
        #expect(RetryAfter.delay("1.5", now: Self.now) == nil)
    }

    @Test func busyAnswersWithAShortWaitAreRetriedOnce() {
        #expect(
            RetryPolicy.decide(response(429, [("Retry-After", "1")]), isRetry: false, now: Self.now)
                == .retry(after: .seconds(1)))
        #expect(
            RetryPolicy.decide(response(503, [("retry-after", "60")]), isRetry: false, now: Self.now)
                == .retry(after: .seconds(60)))
        #expect(
            RetryPolicy.decide(
                response(503, [("Retry-After", "Sun, 06 Nov 1994 08:50:07 GMT")]), isRetry: false, now: Self.now)
                == .retry(after: .seconds(30)))
        #expect(
            RetryPolicy.decide(response(429, [("Retry-After", "1")]), isRetry: true, now: Self.now)
                == .fail(.status(429, reason: "")))
    }

    @Test func busyAnswersWithoutAShortWaitFail() {
        #expect(
            RetryPolicy.decide(response(429, [("Retry-After", "61")]), isRetry: false, now: Self.now)
                == .fail(.status(429, reason: "")))
        #expect(RetryPolicy.decide(response(503), isRetry: false, now: Self.now) == .fail(.status(503, reason: "")))
        #expect(
            RetryPolicy.decide(response(503, [("Retry-After", "whenever")]), isRetry: false, now: Self.now)
                == .fail(.status(503, reason: "")))
    }

    @Test func otherAnswersAreTheCallers() {
        for status in [200, 304, 401, 404, 500, 502] {
            #expect(
                RetryPolicy.decide(response(status, [("Retry-After", "1")]), isRetry: false, now: Self.now) == .accept)
        }
    }

    @Test func mastodonRateLimit() throws {
        let limit = try #require(
            RateLimit(
                headers: HTTPHeaders([
                    HTTPHeaderField(name: "x-ratelimit-limit", value: "300"),
                    HTTPHeaderField(name: "x-ratelimit-remaining", value: "0"),
                    HTTPHeaderField(name: "x-ratelimit-reset", value: "2020-09-08T13:25:00.019685Z"),
                ])))
        #expect(limit.limit == 300)
        #expect(limit.remaining == 0)
        #expect(limit.delayBeforeNextRequest(now: 1_599_571_490) == .milliseconds(10_020))
        #expect(limit.delayBeforeNextRequest(now: 1_599_571_600) == .zero)
        let plenty = RateLimit(limit: 300, remaining: 12, reset: 1_599_571_500)
        #expect(plenty.delayBeforeNextRequest(now: 1_599_571_490) == .zero)
        #expect(RateLimit(headers: HTTPHeaders([HTTPHeaderField(name: "X-RateLimit-Remaining", value: "3")])) == nil)
    }
}
