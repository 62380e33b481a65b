import PlumageCore
import Testing

/// Every Int64 is a moment: calendar fields, ISO 8601 text and arithmetic never trap. Expected
/// fields were derived with Python's proleptic Gregorian `datetime`, the seconds first moved into
/// its range by whole 400-year cycles (146 097 days) and the cycles added back to the year.
@Suite struct TimestampTests {
    /// Seconds, then the UTC fields (year, month, day, hour, minute, second) and ISO 8601 text.
    static let extremes: [(Int64, [Int], String)] = [
        (.max, [292_277_026_596, 12, 4, 15, 30, 7], "+292277026596-12-04T15:30:07Z"),
        (.min, [-292_277_022_657, 1, 27, 8, 29, 52], "-292277022657-01-27T08:29:52Z"),
        (1 << 62, [146_138_514_283, 6, 19, 7, 45, 4], "+146138514283-06-19T07:45:04Z"),
        (-(1 << 62), [-146_138_510_344, 7, 14, 16, 14, 56], "-146138510344-07-14T16:14:56Z"),
        (-1, [1969, 12, 31, 23, 59, 59], "1969-12-31T23:59:59Z"),
        (253_402_300_799, [9999, 12, 31, 23, 59, 59], "9999-12-31T23:59:59Z"),
        (253_402_300_800, [10000, 1, 1, 0, 0, 0], "+10000-01-01T00:00:00Z"),
        (-62_135_596_801, [0, 12, 31, 23, 59, 59], "0000-12-31T23:59:59Z"),
    ]

    @Test(arguments: extremes)
    func calendarFieldsAndISO8601OfAnyInt64(seconds: Int64, fields: [Int], iso: String) {
        let c = Timestamp(seconds: seconds).civil
        #expect([c.year, c.month, c.day, c.hour, c.minute, c.second] == fields)
        #expect(Timestamp(seconds: seconds).iso8601 == iso)
    }

    @Test func calendarDatesBeyondInt64ClampInsteadOfTrapping() {
        #expect(Timestamp(year: .max, month: 1, day: 1).seconds == .max)
        #expect(Timestamp(year: .min, month: 1, day: 1).seconds == .min)
        #expect(Timestamp(year: 2000, month: 1, day: .max, hour: .max, minute: .max, second: .max).seconds > 0)
        #expect(Timestamp(year: 292_277_026_596, month: 12, day: 4, hour: 15, minute: 30, second: 7).seconds == .max)
    }

    @Test func arithmeticClampsAtTheEndsOfInt64() {
        #expect(Timestamp(seconds: .max).advanced(by: 3600).seconds == .max)
        #expect(Timestamp(seconds: .min).advanced(by: -1).seconds == .min)
        #expect(Timestamp(seconds: 10).advanced(by: -25).seconds == -15)
        #expect(Timestamp(seconds: .min).seconds(until: Timestamp(seconds: .max)) == .max)
        #expect(Timestamp(seconds: .max).seconds(until: Timestamp(seconds: .min)) == .min)
        #expect(Timestamp(seconds: 1 << 62).seconds(until: Timestamp(seconds: -(1 << 62))) == .min)
        #expect(Timestamp(seconds: 100).seconds(until: Timestamp(seconds: 40)) == -60)
    }
}
