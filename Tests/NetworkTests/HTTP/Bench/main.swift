// Figures for connection reuse (not a test: no thresholds). Built with -O by run.sh beside it, which
// also starts the fixture server.
// Usage: http-bench BASE-URL COUNT [CA-BUNDLE]   (BASE-URL: http(s)://127.0.0.1:PORT)
import Glibc
import Network

/// Milliseconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[2]), count > 0 else {
    print("usage: http-bench BASE-URL COUNT [CA-BUNDLE]")
    exit(2)
}
let base = arguments[1]
var configuration = HTTPClientConfiguration(version: "bench", caBundlePath: arguments.count > 3 ? arguments[3] : nil)
configuration.usesEnvironmentProxies = false
let client = HTTPClient(configuration: configuration)
var times: [Double] = []
for _ in 0..<count {
    let start = now()
    do {
        let response = try client.fetch(HTTPRequest(url: base + "/plain"))
        guard response.status == 200 else { fatalError("status \(response.status)") }
    } catch {
        fatalError("fetch failed: \(error)")
    }
    times.append(now() - start)
}
// Asked over a new client's connection, which the server counts too.
let answer = try HTTPClient(configuration: configuration).fetch(HTTPRequest(url: base + "/connections"))
let connections = (Int(String(decoding: answer.body, as: UTF8.self)) ?? 0) - 1
let sorted = times.sorted()
let mean = times.reduce(0, +) / Double(times.count)
print(
    base.hasPrefix("https") ? "https" : "http", "requests", count, "connections", connections,
    "ms/request mean", decimals(mean), "median", decimals(sorted[sorted.count / 2]),
    "first", decimals(times[0]), "max", decimals(sorted.last!))

/// `value` with two decimals.
func decimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
