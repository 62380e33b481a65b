import PlumageCore
import Testing

@testable import FeedImport

/// RSS date dialects; the expected epoch seconds were computed with GNU `date -u -d '…' +%s`.
@Test(arguments: [
    ("Sat, 07 Sep 2002 00:00:01 GMT", Int64(1_031_356_801)),  // RSS 2.0 specification's example
    ("07 Sep 2002 00:00:01 UT", 1_031_356_801),  // no weekday
    ("Sat, 7 Sep 02 00:00:01 Z", 1_031_356_801),  // one-digit day, two-digit year
    ("sat, 07 sep 2002 00:00:01 utc", 1_031_356_801),  // any case
    ("02 Jan 2006 15:04 -0700", 1_136_239_440),  // Bluesky: no weekday, no seconds
    ("Tue, 05 Mar 2024 09:07:00 EST", 1_709_647_620),
    ("Tue, 05 Mar 2024 09:07:00 EDT", 1_709_644_020),
    ("Fri, 31 Dec 99 23:59 PST", 946_713_540),  // 99 → 1999
    ("Thu, 29 Feb 2024 10:00 MST", 1_709_226_000),
    ("Thu, 29 Feb 2024 10:00 PDT", 1_709_226_000),
    ("Thu, 29 Feb 2024 10:00 MDT", 1_709_222_400),
    ("Thu, 29 Feb 2024 10:00 CST", 1_709_222_400),
    ("Thu, 29 Feb 2024 10:00 CDT", 1_709_218_800),
    ("Tue, 01 Jun 49 12:00:00 +0530", 2_506_141_800),  // 49 → 2049
    ("Tue, 01 Jun 2049 12:00:00 +05:30", 2_506_141_800),
    ("Sat, 04 Jul 87 06:30:00 CST", 552_400_200),
    ("Wed, 01 January 2025 00:00:00 +0000", 1_735_689_600),  // full month name
    ("Sun, 07 Feb 2010 14:04:00", 1_265_551_440),  // no zone: UTC
])
func rssDatesParse(_ text: String, _ seconds: Int64) {
    #expect(RFC822Date.timestamp(text) == Timestamp(seconds: seconds))
}

@Test(arguments: [
    "yesterday", "", "32 Jan 2024 00:00 GMT", "01 Foo 2024 00:00 GMT", "01 Jan 2024 25:00 GMT", "01 Jan 2024 10:00 XYZ",
    "01 Jan 2024 10:00:00 +07", "01 Jan 2024 10", "2024-01-01T00:00:00Z", "01 Jan 2024 10:00:00 GMT extra",
])
func unreadableRSSDatesAreNil(_ text: String) {
    #expect(RFC822Date.timestamp(text) == nil)
}
