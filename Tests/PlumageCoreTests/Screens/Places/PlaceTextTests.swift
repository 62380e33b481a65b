import Imaging
import PlumageCore
import Testing

@Suite struct PlaceTextTests {
    @Test func countsAreGroupedInThrees() {
        #expect(PlaceText.grouped(0) == "0")
        #expect(PlaceText.grouped(999) == "999")
        #expect(PlaceText.grouped(1000) == "1,000")
        #expect(PlaceText.grouped(1_234_567) == "1,234,567")
        #expect(PlaceText.photos(1) == "1 photo")
        #expect(PlaceText.photos(12_345) == "12,345 photos")
    }

    @Test func dateRangesWriteSharedMonthsAndYearsOnce() {
        let a = Timestamp(year: 2021, month: 3, day: 12, hour: 9)
        #expect(PlaceText.range(a...Timestamp(year: 2021, month: 3, day: 12, hour: 23)) == "12 Mar 2021")
        #expect(PlaceText.range(a...Timestamp(year: 2021, month: 3, day: 30)) == "12 – 30 Mar 2021")
        #expect(PlaceText.range(a...Timestamp(year: 2021, month: 6, day: 4)) == "12 Mar – 4 Jun 2021")
        #expect(PlaceText.range(a...Timestamp(year: 2023, month: 6, day: 4)) == "12 Mar 2021 – 4 Jun 2023")
        #expect(PlaceText.dayAndTime(Timestamp(year: 2021, month: 3, day: 2, hour: 7, minute: 5)) == "2 Mar 2021, 07:05")
        #expect(PlaceText.dimensions(PixelSize(width: 4032, height: 3024)) == "4032 × 3024")
    }

    @Test func naturalOrderComparesNumbersByValueAndIgnoresCase() {
        let names = ["IMG_10.jpg", "img_2.JPG", "IMG_1.png", "b.webp", "a 3.gif", "img", "IMG_1a.png"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder)
                == ["a 3.gif", "b.webp", "img", "IMG_1.png", "IMG_1a.png", "img_2.JPG", "IMG_10.jpg"])
        // Leading zeros do not count: neither comes first.
        #expect(!NaturalOrder.areInIncreasingOrder("IMG_002.jpg", "img_2.jpg"))
        #expect(!NaturalOrder.areInIncreasingOrder("img_2.jpg", "IMG_002.jpg"))
        #expect(NaturalOrder.areInIncreasingOrder("x9", "x10"))
        #expect(!NaturalOrder.areInIncreasingOrder("x10", "x9"))
        #expect(!NaturalOrder.areInIncreasingOrder("same", "SAME"))
        // Digits of other scripts count as digits too: ٣ (3) before 10.
        #expect(NaturalOrder.areInIncreasingOrder("x٣", "x10"))
    }
}
