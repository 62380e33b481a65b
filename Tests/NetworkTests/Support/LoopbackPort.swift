import Foundation

/// A TCP port on 127.0.0.1 held until `close`, so nothing else can take it meanwhile: either bound
/// but not listening (a connection is refused) or listening without ever accepting or answering (the
/// kernel completes the TCP handshake, then the peer hears nothing: a TLS handshake never ends).
final class LoopbackPort {
    /// The port number.
    let port: Int
    private let socketDescriptor: Int32

    /// Binds a socket to a port the system picks, listening (but silent) when `listening`.
    init(listening: Bool) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ExternalTool.Failure(description: "socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound, !listening || listen(descriptor, 8) == 0 else {
            Glibc.close(descriptor)
            throw ExternalTool.Failure(description: "bind() or listen() failed: \(errno)")
        }
        socketDescriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Releases the port.
    func close() { Glibc.close(socketDescriptor) }
}
