/// Where gpsd answers: `gpsd` (this machine, port 2947) or `gpsd://HOST[:PORT]` (a name, an IPv4
/// address or an IPv6 address in brackets).
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

    /// "gpsd localhost:2947", as the status bar names it.
    public var description: String { "gpsd \(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// True for text that names gpsd (`gpsd`, `gpsd://…`) rather than a point.
    public static func isGPSD(_ text: String) -> Bool { text == "gpsd" || text.hasPrefix("gpsd://") }

    /// The endpoint `text` names. - Throws: `GPSDEndpointError` saying what is wrong.
    public static func parse(_ text: String) throws(GPSDEndpointError) -> GPSDEndpoint {
        if text == "gpsd" { return .local }
        guard text.hasPrefix("gpsd://") else { throw .notGPSD }
        let rest = Substring(text.utf8.dropFirst(7))
        guard !rest.isEmpty else { throw .noHost }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .badHost }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badHost }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw .badHost }
        } else {
            let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            if parts.count == 2 { portText = parts[1] }
            guard !host.isEmpty else { throw .noHost }
            guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                throw .badHost
            }
        }
        guard host.count <= 253 else { throw .badHost }
        var port = defaultPort
        if let portText {
            guard portText.count <= 5, portText.allSatisfy(\.isASCII), let number = Int(portText),
                (1...65535).contains(number)
            else { throw .badPort }
            port = number
        }
        return GPSDEndpoint(host: String(host), port: port)
    }
}

/// Why a location text is not a gpsd endpoint.
public enum GPSDEndpointError: Error, Equatable, Sendable, CustomStringConvertible {
    case notGPSD, noHost, badHost, badPort

    public var description: String {
        switch self {
        case .notGPSD: return "it is neither gpsd nor gpsd://HOST:PORT"
        case .noHost: return "gpsd:// needs a host, like gpsd://localhost:2947"
        case .badHost: return "the host may hold only letters, digits, '-' and '.' (an IPv6 address in brackets)"
        case .badPort: return "the port must be a number, 1...65535"
        }
    }
}
