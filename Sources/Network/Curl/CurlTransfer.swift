import URLs
import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One request carried out by libcurl on the calling thread: a new easy handle driven through a multi
/// handle borrowed from the client's `CurlConnections` (so it may reuse a connection an earlier
/// request left open, and so `HTTPCancellation.cancel` can wake the wait at once). Collects the
/// headers of the final response and the body up to the cap; every libcurl failure becomes an
/// `HTTPError`.
final class CurlTransfer {
    /// Most bytes of one response's header block (libcurl bounds each line, not their number).
    static let maxHeaderBytes = 256 << 10

    private let request: HTTPRequest
    private let cancellation: HTTPCancellation?
    private var body: [UInt8] = []
    private var headers = HTTPHeaders()
    private var reason = ""
    private var headerBytes = 0
    private var overBodyCap = false
    private var overHeaderCap = false
    /// The last `Location` seen: names the scheme of a refused redirect.
    private var lastLocation: String?

    /// A transfer of `request` that `cancellation` can end.
    init(request: HTTPRequest, cancellation: HTTPCancellation?) {
        self.request = request
        self.cancellation = cancellation
    }

    /// Runs the transfer to its end on `connections` and returns the final response, or the reason
    /// there is none.
    func perform(_ configuration: HTTPClientConfiguration, connections: CurlConnections) throws(HTTPError)
        -> HTTPResponse
    {
        let headerLines = try request.headerLines()
        try Self.checkScheme(of: request.url)
        guard CurlGlobal.ensureInitialised() else { throw .transfer("libcurl failed to initialise") }
        if cancellation?.isCancelled == true { throw .cancelled }

        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        for line in headerLines {
            guard let extended = curl_slist_append(headerList, line) else { throw .transfer("out of memory") }
            headerList = extended
        }
        // Allocated before the handle, so freed after it: libcurl may write to it until the cleanup.
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        defer { errorText.deallocate() }
        errorText[0] = 0
        guard let easy = curl_easy_init() else { throw .transfer("libcurl could not create a handle") }
        defer { curl_easy_cleanup(easy) }
        try configure(easy, headerList: headerList, errorText: errorText, configuration: configuration)
        if let share = connections.share, plumage_curl_set_pointer(easy, CURLOPT_SHARE, share) != CURLE_OK {
            throw .transfer("libcurl refused the option SHARE")
        }

        let start = ContinuousClock.now
        let code = try run(easy, connections: connections)
        let elapsed = ContinuousClock.now - start
        if cancellation?.isCancelled == true { throw .cancelled }
        if code != CURLE_OK {
            throw failure(code, detail: String(cString: errorText), elapsed: elapsed, easy: easy)
        }
        var status = 0
        _ = plumage_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(
            status: status, reason: reason, headers: headers, body: body,
            finalURL: Self.effectiveURL(easy) ?? request.url)
    }

    /// Sets every option of the request on `easy`.
    private func configure(
        _ easy: UnsafeMutableRawPointer, headerList: UnsafeMutablePointer<curl_slist>?,
        errorText: UnsafeMutablePointer<CChar>, configuration: HTTPClientConfiguration
    ) throws(HTTPError) {
        let limits = request.limits
        let context = Unmanaged.passUnretained(self).toOpaque()
        var results: [(String, CURLcode)] = [
            ("ERRORBUFFER", plumage_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorText)),
            ("URL", plumage_curl_set_string(easy, CURLOPT_URL, request.url)),
            ("HTTPGET", plumage_curl_set_long(easy, CURLOPT_HTTPGET, 1)),
            ("PROTOCOLS_STR", plumage_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")),
            ("REDIR_PROTOCOLS_STR", plumage_curl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")),
            ("FOLLOWLOCATION", plumage_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1)),
            ("MAXREDIRS", plumage_curl_set_long(easy, CURLOPT_MAXREDIRS, limits.maxRedirects)),
            ("NOSIGNAL", plumage_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)),
            ("ACCEPT_ENCODING", plumage_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, "")),
            ("USERAGENT", plumage_curl_set_string(easy, CURLOPT_USERAGENT, configuration.userAgent)),
            ("HTTPHEADER", plumage_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headerList)),
            ("SUPPRESS_CONNECT_HEADERS", plumage_curl_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)),
            (
                "CONNECTTIMEOUT_MS",
                plumage_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, HTTPLimits.milliseconds(limits.connect))
            ),
            ("TIMEOUT_MS", plumage_curl_set_long(easy, CURLOPT_TIMEOUT_MS, HTTPLimits.milliseconds(limits.total))),
            ("LOW_SPEED_LIMIT", plumage_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)),
            ("LOW_SPEED_TIME", plumage_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, limits.stallSeconds)),
            (
                "MAXFILESIZE_LARGE",
                plumage_curl_set_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBodyBytes))
            ),
            ("SSL_VERIFYPEER", plumage_curl_set_long(easy, CURLOPT_SSL_VERIFYPEER, 1)),
            ("SSL_VERIFYHOST", plumage_curl_set_long(easy, CURLOPT_SSL_VERIFYHOST, 2)),
            ("WRITEDATA", plumage_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)),
            ("HEADERDATA", plumage_curl_set_pointer(easy, CURLOPT_HEADERDATA, context)),
            ("XFERINFODATA", plumage_curl_set_pointer(easy, CURLOPT_XFERINFODATA, context)),
            ("NOPROGRESS", plumage_curl_set_long(easy, CURLOPT_NOPROGRESS, 0)),
        ]
        results.append(
            (
                "WRITEFUNCTION",
                plumage_curl_set_data_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                    CurlTransfer.deliver(data, size * count, to: context) { $0.receiveBody($1) }
                }
            ))
        results.append(
            (
                "HEADERFUNCTION",
                plumage_curl_set_data_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                    CurlTransfer.deliver(data, size * count, to: context) { $0.receiveHeaderLine($1) }
                }
            ))
        results.append(
            (
                "XFERINFOFUNCTION",
                plumage_curl_set_progress_callback(easy) { context, _, _, _, _ in
                    guard let context else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                    return transfer.cancellation?.isCancelled == true ? 1 : 0
                }
            ))
        if let caBundlePath = configuration.caBundlePath {
            results.append(("CAINFO", plumage_curl_set_string(easy, CURLOPT_CAINFO, caBundlePath)))
        }
        if !configuration.usesEnvironmentProxies {
            // An empty proxy disables every proxy, those of the environment included.
            results.append(("PROXY", plumage_curl_set_string(easy, CURLOPT_PROXY, "")))
        }
        if let (name, code) = results.first(where: { $0.1 != CURLE_OK }) {
            throw .transfer("libcurl refused the option \(name): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    /// Drives `easy` on a multi handle borrowed from `connections` until it ends or the request is
    /// cancelled; returns libcurl's result for the transfer. The multi handle goes back (with the
    /// connection, unless libcurl closed it) after `easy` left it and the cancellation forgot it.
    private func run(_ easy: UnsafeMutableRawPointer, connections: CurlConnections) throws(HTTPError) -> CURLcode {
        guard let multi = connections.borrow() else { throw .transfer("libcurl could not create a multi handle") }
        var healthy = true
        defer { if healthy { connections.giveBack(multi) } else { curl_multi_cleanup(multi) } }
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            healthy = false
            throw .transfer("libcurl refused the handle")
        }
        defer { curl_multi_remove_handle(multi, easy) }
        var registration: Int?
        if let cancellation {
            guard let id = cancellation.register(multi) else { throw .cancelled }
            registration = id
        }
        defer { if let registration { cancellation?.unregister(registration) } }

        var running: Int32 = 1
        while running > 0 {
            let status = curl_multi_perform(multi, &running)
            guard status == CURLM_OK else {
                healthy = false
                throw .transfer("libcurl failed: \(String(cString: curl_multi_strerror(status)))")
            }
            if cancellation?.isCancelled == true { throw .cancelled }
            if running > 0 { curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
        var queued: Int32 = 0
        var result = CURLE_OK
        while let message = curl_multi_info_read(multi, &queued) {
            if message.pointee.msg == CURLMSG_DONE { result = message.pointee.data.result }
        }
        return result
    }

    /// Keeps `bytes` of the body; false (abort) when they would pass the cap.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= request.limits.maxBodyBytes - body.count else {
            overBodyCap = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one header line of any response in the chain (a status line starts a new block); false
    /// (abort) when the block passes its cap.
    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var line = String(decoding: bytes, as: UTF8.self)
        while line.hasSuffix("\n") || line.hasSuffix("\r") || line.hasSuffix("\r\n") { line.removeLast() }
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            headerBytes = 0
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            reason = parts.count == 3 ? String(parts[2]) : ""
        }
        headerBytes += bytes.count
        guard headerBytes <= Self.maxHeaderBytes else {
            overHeaderCap = true
            return false
        }
        if line.hasPrefix("HTTP/") || line.isEmpty { return true }
        if line.first == " " || line.first == "\t" {
            headers.continueLastValue(Self.trimmed(Substring(line)))
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = String(line[..<colon])
        let value = Self.trimmed(line[line.index(after: colon)...])
        headers.append(name: name, value: value)
        if HTTPHeaders.sameName(name, "Location") { lastLocation = value }
        return true
    }

    /// What a write or header callback returns for `length` bytes at `data` of the transfer behind
    /// `context`: `length` when `take` kept them, 0 (libcurl then ends the transfer) when it refused
    /// them or there was nothing to hand over.
    private static func deliver(
        _ data: UnsafeRawPointer?, _ length: Int, to context: UnsafeMutableRawPointer?,
        _ take: (CurlTransfer, UnsafeRawBufferPointer) -> Bool
    ) -> Int {
        guard let data, let context, length > 0 else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return take(transfer, UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// The failure for libcurl's `code`, told apart by what the transfer saw.
    private func failure(_ code: CURLcode, detail: String, elapsed: Duration, easy: UnsafeMutableRawPointer)
        -> HTTPError
    {
        let limits = request.limits
        let detail = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        let host = URIReference(parsing: Self.effectiveURL(easy) ?? request.url).host ?? "the server"
        if overBodyCap || code == CURLE_FILESIZE_EXCEEDED { return .bodyTooLarge(limits.maxBodyBytes) }
        if overHeaderCap { return .headersTooLarge(Self.maxHeaderBytes) }
        switch code {
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_UNSUPPORTED_PROTOCOL:
            let scheme = lastLocation.flatMap { URIReference(parsing: $0).scheme }
            return .unsupportedScheme(scheme ?? URIReference(parsing: request.url).scheme ?? "?")
        case CURLE_URL_MALFORMAT:
            return .invalidURL(detail)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limits.maxRedirects)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .cannotResolve(host: host)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY:
            // The system's reason ("Connection refused") says more than libcurl's generic text.
            var systemError = 0
            _ = plumage_curl_get_long(easy, CURLINFO_OS_ERRNO, &systemError)
            let reason = systemError == 0 ? detail : String(cString: strerror(Int32(systemError)))
            return .cannotConnect(host: host, detail: reason)
        case CURLE_OPERATION_TIMEDOUT:
            // libcurl reports all three limits with one code; its low-speed check words its own
            // message ("Operation too slow…", lib/speedcheck.c).
            if detail.contains("too slow") { return .stalled(.seconds(limits.stallSeconds)) }
            if elapsed >= limits.total - .milliseconds(50) { return .totalTimedOut(limits.total) }
            return .connectTimedOut(limits.connect)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            return .tls(detail)
        default:
            return .transfer(detail)
        }
    }

    /// Fails unless `url` names the http or https scheme.
    private static func checkScheme(of url: String) throws(HTTPError) {
        let reference = URIReference(parsing: url)
        guard let scheme = reference.scheme else { throw .invalidURL("\"\(url)\" has no scheme") }
        guard ["http", "https"].contains(scheme.lowercased()) else { throw .unsupportedScheme(scheme) }
        guard let host = reference.host, !host.isEmpty else { throw .invalidURL("\"\(url)\" names no host") }
    }

    /// The URL libcurl last fetched (the final one after redirects).
    private static func effectiveURL(_ easy: UnsafeMutableRawPointer) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard plumage_curl_get_string(easy, CURLINFO_EFFECTIVE_URL, &text) == CURLE_OK, let text else { return nil }
        return String(cString: text)
    }

    /// `text` without leading and trailing spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
