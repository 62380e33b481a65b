import CCurl

/// libcurl's process-wide set-up, done once before the first handle (a Swift `static let` runs its
/// initialiser exactly once, under a lock, whichever thread asks first).
enum CurlGlobal {
    private static let status: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// Runs `curl_global_init` the first time; true when libcurl is ready.
    static func ensureInitialised() -> Bool { status == CURLE_OK }
}
