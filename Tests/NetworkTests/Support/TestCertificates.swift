import Foundation

/// A certificate authority and a server certificate for 127.0.0.1 (IP subject alternative name),
/// made with the `openssl` command in a temporary folder for one test, which `remove` deletes.
struct TestCertificates {
    /// The folder holding the files.
    let folder: String
    /// The CA's certificate (PEM): what the client must trust.
    let authority: String
    /// The server's certificate (PEM), signed by the CA.
    let certificate: String
    /// The server's private key (PEM).
    let key: String

    /// Makes the three files in a new temporary folder (deleted again when openssl fails).
    static func make() throws -> TestCertificates {
        let folder = try ExternalTool.temporaryFolder()
        do {
            return try make(in: folder)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Makes the three files in `folder`.
    private static func make(in folder: String) throws -> TestCertificates {
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try ExternalTool.run(
            "openssl",
            ["req", "-x509"] + curve + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Plumage Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ], in: folder)
        try ExternalTool.run(
            "openssl",
            ["req"] + curve + [
                "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1",
            ], in: folder)
        try Data(
            """
            subjectAltName=IP:127.0.0.1
            basicConstraints=CA:FALSE
            keyUsage=critical,digitalSignature
            extendedKeyUsage=serverAuth

            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/server.ext"))
        try ExternalTool.run(
            "openssl",
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
            ], in: folder)
        return TestCertificates(
            folder: folder, authority: folder + "/ca.pem", certificate: folder + "/server.pem",
            key: folder + "/server.key")
    }

    /// Deletes the folder and its files.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
