import Network
import Testing

/// HTTPS against the fixture server with a certificate from a CA made for the test.
@Suite struct TLSTests {
    @Test func aServerSignedByTheGivenCAIsTrusted() throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try FixtureServer.start(certificate: certificates.certificate, key: certificates.key)
        defer { server.stop() }
        let response = try Fetching.client(caBundlePath: certificates.authority).fetch(
            HTTPRequest(url: server.url("/plain")))
        #expect(response.status == 200)
        #expect(response.body == Array("hello, plumage\n".utf8))
    }

    @Test(arguments: ["SSL_CERT_FILE", "CURL_CA_BUNDLE"])
    func theCABundleComesFromTheEnvironment(variable: String) throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try FixtureServer.start(certificate: certificates.certificate, key: certificates.key)
        defer { server.stop() }
        let configuration = HTTPClientConfiguration.fromEnvironment(
            version: "1.2.3", environment: [variable: certificates.authority, "HOME": "/nonexistent"])
        #expect(configuration.caBundlePath == certificates.authority)
        let response = try Fetching.client(configuration).fetch(HTTPRequest(url: server.url("/plain")))
        #expect(response.status == 200)
    }

    @Test func anUntrustedCertificateFailsAsTLS() throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try FixtureServer.start(certificate: certificates.certificate, key: certificates.key)
        defer { server.stop() }
        let configuration = HTTPClientConfiguration.fromEnvironment(version: "1.2.3", environment: [:])
        #expect(configuration.caBundlePath == nil)
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client(configuration).fetch(HTTPRequest(url: server.url("/plain")))
        }
        guard case .tls = error else {
            Issue.record("expected a TLS failure, got \(String(describing: error))")
            return
        }
        #expect(error?.description.hasPrefix("secure connection failed (TLS): ") == true)
    }
}
