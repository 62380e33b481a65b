import PlumageCore
import Testing

private func entity(_ kind: EntityKind, _ text: String, _ start: Int, _ end: Int) -> Entity {
    Entity(kind: kind, text: text, start: start, end: end, target: text)
}

@Test func entitiesThatSliceTheirTextStay() {
    let text = "Hi @Ada, see #Swift"
    let given = [entity(.hashtag, "#swift", 13, 19), entity(.mention, "@ada", 3, 7)]
    let kept = SourceEntities.validated(given, in: text)
    #expect(kept.map(\.text) == ["@Ada", "#Swift"])
    #expect(kept.map(\.start) == [3, 13])
}

@Test func misplacedEntitiesMoveToTheNearestOccurrence() {
    // UTF-16 offsets after an astral emoji are one too far: the token is found one scalar earlier.
    let text = "😀 #a then #a and @bo"
    let given = [entity(.hashtag, "#a", 11, 13), entity(.mention, "@bo", 18, 21)]
    let kept = SourceEntities.validated(given, in: text)
    #expect(kept.map(\.start) == [10, 17])
    #expect(kept.allSatisfy { Array(text.unicodeScalars)[$0.start..<$0.end].map(String.init).joined() == $0.text })
}

@Test func missingTokensAreDroppedAndOverlapsResolved() {
    let text = "#one #two"
    let given = [entity(.hashtag, "#three", 0, 6), entity(.hashtag, "#one", 0, 4), entity(.url, "e #t", 3, 7)]
    #expect(SourceEntities.validated(given, in: text).map(\.text) == ["#one"])
}

@Test func urlsAreComparedExactly() {
    let text = "see HTTPS://a.org"
    #expect(SourceEntities.validated([entity(.url, "https://a.org", 4, 17)], in: text).isEmpty)
}

@Test func fullWidthSignsMatchTheirASCIISpelling() {
    let kept = SourceEntities.validated([entity(.hashtag, "#東京", 0, 3)], in: "＃東京")
    #expect(kept.map(\.text) == ["＃東京"])
}

@Test func onlyTheFirstMisplacedEntitiesAreSearchedFor() {
    // 40 mentions all given at 0: the first spells "@a0" there; of the 39 misplaced ones only the
    // first 32 (@a1…@a32) are looked for and found, the others dropped.
    let text = (0..<40).map { "@a\($0)" }.joined(separator: " ")
    let given = (0..<40).map { entity(.mention, "@a\($0)", 0, 3) }
    let kept = SourceEntities.validated(given, in: text)
    #expect(kept.count == 33)
    #expect(kept.last?.text == "@a32")
}

@Test func foldingStillComparesCaseAndSignsAcrossASCII() {
    let kept = SourceEntities.validated([entity(.mention, "@ada", 5, 9), entity(.hashtag, "#TAG", 0, 4)], in: "＃tag ＠ADA")
    #expect(kept.map(\.text) == ["＃tag", "＠ADA"])
}
