import Foundation
import Imaging
import Testing

/// BlurHash against numbers derived by hand from the format (woltapp/blurhash Algorithm.md): base-83
/// digits are the alphabet's indices ("0"…"9" = 0…9, "A"… = 10…, "a"… = 36…, then "#$%*+,-.:;=?@[]^_{|}~").
@Suite struct BlurHashTests {
    /// The example of the reference README: "L" = 21 → 21 % 9 + 1 = 4 columns, 21 / 9 + 1 = 3 rows, so
    /// 4 + 2 × 12 = 28 characters; DC "HV6n" = ((17 × 83 + 31) × 83 + 6) × 83 + 49 = 9934485 = 0x979695.
    static let readme = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    /// sRGB byte → linear light, written out here from the sRGB definition (the oracle of averages).
    private func linear(_ byte: UInt8) -> Double {
        let v = Double(byte) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    @Test func componentsAndAverageColourComeFromTheHeader() {
        #expect(BlurHash.components(of: Self.readme) == .init(x: 4, y: 3, average: RGBA(0x97, 0x96, 0x95)))
        // "LGF5": "5?xY" = ((5 × 83 + 73) × 83 + 59) × 83 + 34 = 0x837D98.
        #expect(BlurHash.components(of: "LGF5?xYk^6#M@-5c,1J5@[or[Q6.")?.average == RGBA(0x83, 0x7D, 0x98))
        // "LKN]": "Rv%2" = ((27 × 83 + 57) × 83 + 64) × 83 + 2 = 0xD0B1A3.
        #expect(BlurHash.components(of: "LKN]Rv%2Tw=w]~RBVZRi};RPxuwH")?.average == RGBA(0xD0, 0xB1, 0xA3))
    }

    @Test func theDecodedImageAveragesToTheDCColour() throws {
        let bitmap = try #require(BlurHash.decode(Self.readme, width: 32, height: 32))
        #expect(bitmap.size == PixelSize(width: 32, height: 32))
        // Each AC cosine sums to 0 (even index) or 1 (odd) over 32 samples, so the mean in linear light
        // is the DC within 1/32 of the largest AC (≤ 15/166): a byte or two after conversion.
        var sums = [0.0, 0.0, 0.0]
        for y in 0..<32 {
            for x in 0..<32 {
                let p = bitmap.pixel(x: x, y: y)
                sums[0] += linear(p.r); sums[1] += linear(p.g); sums[2] += linear(p.b)
                #expect(p.a == 255)
            }
        }
        let expected = [linear(0x97), linear(0x96), linear(0x95)]
        for c in 0..<3 { #expect(abs(sums[c] / 1024 - expected[c]) < 0.01, "channel \(c): \(sums[c] / 1024)") }
    }

    @Test func oneComponentIsAUniformImageOfTheAverageColour() throws {
        // "00": 1 × 1 components; "5?}k" = ((5 × 83 + 73) × 83 + 81) × 83 + 46 = 0x336699.
        let bitmap = try #require(BlurHash.decode("005?}k", width: 5, height: 3))
        #expect(bitmap == Bitmap(width: 5, height: 3, fill: RGBA(0x33, 0x66, 0x99)))
    }

    @Test func aHorizontalCosineFollowsTheFormula() throws {
        // "1": 2 × 1 components; "~" = 82: maximum (82 + 1) / 166 = 0.5; DC "0000" black; AC "~q" =
        // 82 × 83 + 52 = 6858 = 18 × 361 + 18 × 19 + 18: each channel ((18 − 9) / 9)² × 0.5 = +0.5.
        // Column x of 4: 0.5 × cos(π x / 4) linear = 0.5, 0.354, 0, −0.354 → sRGB 188, 160, 0, 0 (clamped).
        let bitmap = try #require(BlurHash.decode("1~0000~q", width: 4, height: 2))
        for y in 0..<2 {
            #expect((0..<4).map { bitmap.pixel(x: $0, y: y) } == [188, 160, 0, 0].map { RGBA($0, $0, $0) })
        }
        // Punch 0.5 halves the AC: 0.25 linear at x = 0 → 1.055 × 0.25^(1/2.4) − 0.055 = 0.5371 → 137.
        #expect(BlurHash.decode("1~0000~q", width: 4, height: 1, punch: 0.5)?.pixel(x: 0, y: 0) == RGBA(137, 137, 137))
    }

    @Test func invalidStringsAreRefused() {
        let invalid = [
            "", "L", "LEHV6", // shorter than 6
            String(Self.readme.dropLast()), Self.readme + "0",  // length does not match 4 × 3 components
            "LEHV6nWB2yk8pyo0adR*.7kCMdn\"",  // a character outside the alphabet
            "LEHV6nWB2yk8pyo0adR*.7kCMdné",  // a non-ASCII character
            "005?}k0", "~0" + String(repeating: "0", count: 42),  // size flag 82: ten rows
            "00~~~~",  // DC beyond 24 bits
            "1~0000~~",  // AC 6888 beyond 19³ − 1
        ]
        for hash in invalid {
            #expect(BlurHash.components(of: hash) == nil, "\(hash)")
            #expect(BlurHash.decode(hash, width: 8, height: 8) == nil, "\(hash)")
        }
        #expect(BlurHash.decode(Self.readme, width: 8, height: 8, punch: .nan) == nil)
        #expect(BlurHash.decode(Self.readme, width: 8, height: 8, punch: 0) == nil)
    }

    @Test func componentCountsSpanOneToNineAndTheOutputIsBounded() throws {
        // "y" = 60 → 60 % 9 + 1 = 7 columns, 60 / 9 + 1 = 7 rows: 4 + 2 × 49 = 102 characters.
        let hash = "y0" + "0000" + String(repeating: "00", count: 48)
        // "z" = 61 is 8 columns by 7 rows: 116 characters, so these 102 are not a valid hash.
        #expect(BlurHash.components(of: "z" + hash.dropFirst()) == nil)
        #expect(BlurHash.components(of: hash).map { [$0.x, $0.y] } == [7, 7])
        // "~" = 82 is the largest flag (10 rows, refused above); 80 = "|" is 9 × 9: 166 characters.
        let nine = "|0" + "0000" + String(repeating: "00", count: 80)
        #expect(BlurHash.components(of: nine).map { [$0.x, $0.y] } == [9, 9])
        #expect(BlurHash.decode(nine, width: 10_000, height: -3)?.size == PixelSize(width: BlurHash.maxSide, height: 1))
    }
}
