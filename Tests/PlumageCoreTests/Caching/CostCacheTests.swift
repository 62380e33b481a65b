import PlumageCore
import Testing

@Suite struct CostCacheTests {
    @Test func evictsLeastRecentlyUsedByCost() {
        var cache = CostCache<String, Int>(costLimit: 100)
        cache.insert(1, for: "a", cost: 40)
        cache.insert(2, for: "b", cost: 40)
        #expect(cache.value(for: "a") == 1)
        let gone = cache.insert(3, for: "c", cost: 40)
        #expect(gone.map(\.key) == ["b"] && gone.map(\.value) == [2])
        #expect(cache.keysByRecency == ["c", "a"])
        #expect(cache.totalCost == 80 && cache.count == 2)
        #expect(cache.value(for: "b") == nil)
    }

    @Test func replacingReturnsTheOldValueAndAdjustsCost() {
        var cache = CostCache<String, String>(costLimit: 100)
        cache.insert("old", for: "k", cost: 30)
        let gone = cache.insert("new", for: "k", cost: 50)
        #expect(gone.map(\.value) == ["old"])
        #expect(cache.totalCost == 50 && cache.count == 1 && cache.value(for: "k") == "new")
    }

    @Test func anEntryCostlierThanTheLimitIsNotKept() {
        var cache = CostCache<Int, Int>(costLimit: 10)
        cache.insert(1, for: 1, cost: 5)
        let gone = cache.insert(2, for: 2, cost: 11)
        #expect(gone.map(\.key) == [1, 2])
        #expect(cache.count == 0 && cache.totalCost == 0)
    }

    @Test func loweringTheLimitEvictsAndTrimReturnsEntries() {
        var cache = CostCache<Int, Int>(costLimit: 1000)
        for i in 0..<10 { cache.insert(i, for: i, cost: 10) }
        cache.costLimit = 50
        #expect(cache.keysByRecency == [9, 8, 7, 6, 5])
        let trimmed = cache.trim(toCost: 20)
        #expect(trimmed.map(\.key) == [5, 6, 7])
        #expect(cache.costLimit == 50 && cache.totalCost == 20)
        #expect(cache.removeValue(for: 9) == 9 && cache.removeValue(for: 9) == nil)
        #expect(cache.removeAll().map(\.key) == [8] && cache.count == 0)
        #expect(!cache.contains(8))
    }

    /// Random operations against a naive array model: same contents, order and cost throughout.
    @Test func matchesANaiveModel() {
        var cache = CostCache<Int, Int>(costLimit: 60)
        var model: [(key: Int, value: Int, cost: Int)] = []  // most recent first
        var seed: UInt64 = 0x9E37_79B9
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        for step in 0..<5000 {
            let key = next(12)
            switch next(4) {
            case 0, 1:
                let cost = next(20)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                model.insert((key, step, cost), at: 0)
                while model.reduce(0, { $0 + $1.cost }) > 60 { model.removeLast() }
            case 2:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                if let expected { model.insert(expected, at: 0) }
                #expect(cache.value(for: key) == expected?.value)
            default:
                #expect(cache.removeValue(for: key) == model.first { $0.key == key }?.value)
                model.removeAll { $0.key == key }
            }
            #expect(cache.keysByRecency == model.map(\.key))
            #expect(cache.totalCost == model.reduce(0) { $0 + $1.cost })
        }
    }
}
