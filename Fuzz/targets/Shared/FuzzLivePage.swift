@testable import FeedImport
import PlumageCore

/// Checks what every live reader promises of a page: at most `LiveJSON.maxItems` items, each item's
/// entities sorted, non-overlapping and inside its text, each entity's text the scalars it spans.
func fuzzCheckPage(_ page: LivePage) {
    fuzzCheck(page.items.count <= LiveJSON.maxItems, "\(page.items.count) items")
    fuzzCheck(page.warnings.count <= LiveJSON.maxWarnings, "\(page.warnings.count) warnings")
    for item in page.items {
        let scalars = Array(item.text.unicodeScalars)
        var lastEnd = 0
        for e in item.entities {
            fuzzCheck(lastEnd <= e.start && e.start < e.end && e.end <= scalars.count, "entity \(e.start)..<\(e.end) of \(scalars.count)")
            fuzzCheck(String(String.UnicodeScalarView(scalars[e.start..<e.end])) == e.text, "entity text \(e.text)")
            lastEnd = e.end
        }
    }
}
