import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// The avatar of authors without a picture: initials from the name (else the handle), and a colour
/// that depends on the handle only, the same on every run.
@Suite struct GeneratedAvatarTests {
    @Test(arguments: [
        ("Ada Lovelace", "ada", "AL"),
        ("ada", "ada", "A"),
        ("Ωμέγα Σ", "omega", "ΩΣ"),
        ("élodie dupont", "elodie", "ÉD"),
        ("  Grace   Brewster  Hopper ", "grace", "GH"),
        ("Ada Lovelace (she/her)", "ada", "AL"),
        ("Mary-Jane o'Neil", "mj", "MO"),
        ("Ada Lovelace 🏳️‍🌈", "ada", "AL"),
        ("🦊 Fox", "fox", "F"),
        ("🦊", "fox", "🦊"),
        ("👩🏽‍💻", "dev", "👩🏽‍💻"),
        ("山田 太郎", "yamada", "山"),
        ("김민수", "minsu", "김"),
        ("محمد علي", "m", "م"),
        ("שרה כהן", "sarah", "ש"),
        ("ßtraße", "s", "ß"),
        ("2Pac Shakur", "tupac", "2S"),
        ("", "ada", "A"),
        ("", "_zed", "Z"),
        ("...", "bob", "B"),
        ("", "", "?"),
        ("  ", "__", "?"),
    ])
    func initials(name: String, handle: String, expected: String) {
        #expect(GeneratedAvatar.initials(name: name, handle: handle) == expected)
    }

    @Test func fnv1aMatchesTheReferenceVectors() {
        // From the FNV reference test suite (32-bit FNV-1a).
        #expect(GeneratedAvatar.fnv1a("".utf8) == 0x811C_9DC5)
        #expect(GeneratedAvatar.fnv1a("a".utf8) == 0xE40C_292C)
        #expect(GeneratedAvatar.fnv1a("foobar".utf8) == 0xBF9C_F968)
    }

    @Test func theColourComesFromTheLowercasedHandle() {
        // 0xE40C292C = 3826002220 ≡ 4 (mod 12); 0xBF9CF968 = 3214735720 ≡ 4 (mod 12); "ada" → 0x38390DBB ≡ 7.
        #expect(GeneratedAvatar.color(handle: "a") == RGBA(0x3F, 0x51, 0xB5))
        #expect(GeneratedAvatar.color(handle: "A") == RGBA(0x3F, 0x51, 0xB5))
        #expect(GeneratedAvatar.color(handle: "FooBar") == RGBA(0x3F, 0x51, 0xB5))
        #expect(GeneratedAvatar.color(handle: "ada") == RGBA(0x00, 0x83, 0x8F))
        // The name counts only when there is no handle; then it is lowercased too.
        #expect(GeneratedAvatar.color(name: "Someone Else", handle: "ada") == RGBA(0x00, 0x83, 0x8F))
        #expect(GeneratedAvatar.color(name: "ADA", handle: "") == RGBA(0x00, 0x83, 0x8F))
    }

    @Test func everyColourReadsWithWhiteText() {
        func luminance(_ c: RGBA) -> Double {
            func channel(_ v: UInt8) -> Double {
                let x = Double(v) / 255
                return x <= 0.03928 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
        }
        #expect(GeneratedAvatar.palette.count == 12)
        #expect(Set(GeneratedAvatar.palette).count == 12)
        for colour in GeneratedAvatar.palette {
            #expect(1.05 / (luminance(colour) + 0.05) >= 4.5, "\(colour)")
        }
    }

    @Test func theDiscHoldsTheInitialsCentred() {
        var commands: [DrawCommand] = []
        let m = MonospaceMeasurer(advance: 8, lineHeight: 20)
        GeneratedAvatar.draw(Author(name: "Ada Lovelace", handle: "ada"), in: Rect(x: 14, y: 14, width: 48, height: 48),
                             measurer: m, into: &commands)
        #expect(commands.count == 2)
        #expect(commands.first == .roundedFill(Rect(x: 14, y: 14, width: 48, height: 48), radius: 24, RGBA(0x00, 0x83, 0x8F)))
        guard case let .text(block, origin, key) = commands.last else { Issue.record("no initials"); return }
        // "AL" is 16×20 with the fake measurer: centred in the disc at (38, 38).
        #expect(block.lines.first?.runs.first?.text == "AL" && block.lines.first?.runs.first?.color == .white)
        #expect(origin == Point(x: 30, y: 28))
        #expect(key == "avatar:a1:AL")
    }

    @Test func anEmojiTheFontsLackGivesWayToTheHandle() {
        // The fake measurer has no emoji face, like a build whose emoji font lacks the name's.
        var commands: [DrawCommand] = []
        GeneratedAvatar.draw(Author(name: "🦊", handle: "fox"), in: Rect(x: 0, y: 0, width: 48, height: 48),
                             measurer: MonospaceMeasurer(), into: &commands)
        guard case let .text(block, _, _) = commands.last else { Issue.record("no initials"); return }
        #expect(block.lines.first?.runs.first?.text == "F")
    }

    @Test func wideInitialsTakeASmallerStyle() {
        // 2 × 20 = 40 points is more than ¾ of 48: the next style is tried (the fake measures all alike,
        // so the last one, b2, is kept).
        var commands: [DrawCommand] = []
        GeneratedAvatar.draw(Author(name: "Ada Lovelace", handle: "ada"), in: Rect(x: 0, y: 0, width: 48, height: 48),
                             measurer: MonospaceMeasurer(advance: 20, lineHeight: 20), into: &commands)
        guard case let .text(block, _, key) = commands.last else { Issue.record("no initials"); return }
        #expect(block.style == .b2 && key == "avatar:b2:AL")
    }
}
