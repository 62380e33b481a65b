import PlumageCore
import Testing

/// Relative dates of any timestamp, a damaged file's Int64.min or Int64.max too: no trap, and
/// something a cell can show.
@Suite struct RelativeDateTests {
    let now = Timestamp(year: 2026, month: 11, day: 20, hour: 12)

    @Test func datesFarInThePastReadBeforeYearOne() {
        for seconds: Int64 in [.min, -(1 << 62), -62_135_596_801] {
            #expect(RelativeDate.format(Timestamp(seconds: seconds), now: now) == "before year 1")
            #expect(RelativeDate.day(Timestamp(seconds: seconds)) == "before year 1")
        }
        // From a moment itself far in the future, the past is far too.
        #expect(RelativeDate.format(Timestamp(seconds: .min), now: Timestamp(seconds: .max)) == "before year 1")
    }

    @Test func datesFarInTheFutureReadNowOrAfterYear9999() {
        for seconds: Int64 in [.max, 1 << 62, 253_402_300_800] {
            #expect(RelativeDate.format(Timestamp(seconds: seconds), now: now) == "now")
            #expect(RelativeDate.day(Timestamp(seconds: seconds)) == "after year 9999")
            // Seen from later still (a clock far ahead), the date is old but its day is not written.
            #expect(RelativeDate.format(Timestamp(seconds: seconds), now: Timestamp(seconds: .max))
                        == (seconds == .max ? "now" : "after year 9999"))
        }
        #expect(RelativeDate.format(Timestamp(seconds: .max), now: Timestamp(seconds: .min)) == "now")
    }

    @Test func theEdgesOfTheWrittenYears() {
        #expect(RelativeDate.day(Timestamp(year: 1, month: 1, day: 1)) == "Jan 1, 1")
        #expect(RelativeDate.day(Timestamp(seconds: 253_402_300_799)) == "Dec 31, 9999")
        #expect(RelativeDate.format(Timestamp(year: 9999, month: 3, day: 5), now: Timestamp(seconds: 253_402_300_799)) == "Mar 5")
    }
}
