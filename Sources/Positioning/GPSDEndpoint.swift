/// Where gpsd answers: `gpsd` (this machine, port 2947) or `gpsd://HOST[:PORT]` (a host name, an IPv4
/// address or an IPv6 address in brackets; the port 1...65535, 2947 when left out).
public struct GPSDEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// gpsd's own port.
    public static let defaultPort = 2947
    /// gpsd on this machine.
    public static let local = GPSDEndpoint(host: "localhost", port: defaultPort)

    /// A host name or address, without brackets.
    public var host: String
    /// 1...65535.
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// "gpsd localhost:2947" ("gpsd [::1]:2947"), as the status bar names it.
    public var description: String { "gpsd \(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// True for text that names gpsd (`gpsd`, `gpsd://…`) rather than a point.
    public static func isGPSD(_ text: String) -> Bool { text == "gpsd" || text.hasPrefix("gpsd://") }

    /// The endpoint `text` names. - Throws: `GPSDEndpointError` saying what is wrong.
    public static func parse(_ text: String) throws(GPSDEndpointError) -> GPSDEndpoint {
        if text == "gpsd" { return .local }
        guard text.hasPrefix("gpsd://") else { throw .notGPSD }
        let rest = text.utf8.dropFirst(7)
        guard !rest.isEmpty else { throw .noHost }
        guard !rest.contains(UInt8(ascii: "@")) else { throw .userInfo }
        guard !rest.contains(UInt8(ascii: "/")), !rest.contains(UInt8(ascii: "?")), !rest.contains(UInt8(ascii: "#"))
        else { throw .path }
        let host: Substring.UTF8View
        var portText: Substring.UTF8View?
        if rest.first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { throw .badHost }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if let colon = after.first {
                guard colon == UInt8(ascii: ":") else { throw .badHost }
                portText = after.dropFirst()
            }
            guard host.contains(UInt8(ascii: ":")), host.allSatisfy(Self.isIPv6Byte) else { throw .badHost }
        } else {
            if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
                host = rest[..<colon]
                portText = rest[rest.index(after: colon)...]
            } else {
                host = rest[...]
            }
            guard !host.isEmpty else { throw .noHost }
            guard host.allSatisfy(Self.isHostByte), host.first != UInt8(ascii: "-"), host.first != UInt8(ascii: ".")
            else { throw .badHost }
        }
        guard !host.isEmpty else { throw .noHost }
        guard host.count <= 253 else { throw .badHost }
        var port = defaultPort
        if let portText {
            guard (1...5).contains(portText.count), portText.allSatisfy({ (48...57).contains($0) }),
                let number = Int(String(decoding: portText, as: UTF8.self)), (1...65535).contains(number)
            else { throw .badPort }
            port = number
        }
        return GPSDEndpoint(host: String(decoding: host, as: UTF8.self), port: port)
    }

    /// A letter, digit, '-' or '.' (an ASCII host name or IPv4 address).
    private static func isHostByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// A hex digit, ':' or '.' (an IPv6 address, maybe ending in IPv4).
    private static func isIPv6Byte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}

/// Why a location text is not a gpsd endpoint (one line of our own words).
public enum GPSDEndpointError: Error, Equatable, Sendable, CustomStringConvertible {
    case notGPSD, noHost, badHost, badPort, userInfo, path

    public var description: String {
        switch self {
        case .notGPSD: return "it is neither gpsd nor gpsd://HOST:PORT"
        case .noHost: return "gpsd:// needs a host, like gpsd://localhost:2947"
        case .badHost:
            return
                "the host may hold only letters, digits, '-' and '.' (an IPv6 address in brackets, gpsd://[::1]:2947)"
        case .badPort: return "the port must be a number, 1...65535"
        case .userInfo: return "gpsd:// takes no user name or password, only HOST:PORT"
        case .path: return "gpsd:// takes no path or query, only HOST:PORT"
        }
    }
}
