import Network
import PlumageTestSupport
import Testing

/// SHA-256 against the examples published with FIPS 180-4 (NIST CSRC "Examples with intermediate
/// values", SHA256.pdf and SHA2_Additional.pdf) and against coreutils' `sha256sum` at every length
/// around the padding boundaries.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func publishedExamples(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test func oneMillionTimesA() {
        #expect(
            SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func oneByteAndTheFirstDigestBytes() {
        // SHA2_Additional.pdf, #1: the single byte 0xbd.
        #expect(SHA256.hex([0xbd]) == "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b")
        #expect(SHA256.digest([0xbd]).prefix(4) == [0x68, 0x32, 0x57, 0x20])
        #expect(SHA256.digest([]).count == 32)
    }

    @Test func agreesWithSha256sumAtEveryLengthAroundTheBlockBoundaries() throws {
        var random = SplitMix64(seed: 0x5ad_256)
        for length in Array(0...3) + Array(52...72) + Array(116...136) + [1000, 4096, 65_537] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(try SHA256.hex(bytes) == sha256sum(bytes), "length \(length)")
        }
    }
}
