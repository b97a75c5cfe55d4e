import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps requests to this machine away from an HTTP proxy.
///
/// On Linux, URLSession is libcurl underneath: it ignores `connectionProxyDictionary` and takes the proxy
/// from `http_proxy`/`https_proxy`/`all_proxy`, so with a proxy configured a request to 127.0.0.1 goes to
/// the proxy and fails. libcurl reads `no_proxy` at every transfer, so `apply()` adds the loopback names
/// to it. It only ever adds `127.0.0.1`, `localhost` and `::1`, only when a proxy variable is set, and only
/// for clients whose base URL is on loopback (tests, a local mirror).
enum LoopbackProxyBypass {
    /// The entries `apply()` makes sure `no_proxy` contains.
    static let loopbackHosts = ["127.0.0.1", "localhost", "::1"]

    private static let lock = NSLock()

    /// True when the URL's host is this machine (127.0.0.0/8, localhost, ::1).
    static func isLoopback(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Adds the loopback names to `no_proxy` (and `NO_PROXY`) when a proxy variable is set and they are
    /// missing. Safe to call often: it only writes the environment when something changes.
    static func apply() {
        lock.lock()
        defer { lock.unlock() }
        let environment = ProcessInfo.processInfo.environment
        let proxyVariables = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        guard proxyVariables.contains(where: { !(environment[$0] ?? "").isEmpty }) else { return }
        let current = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        let entries = current.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if entries.contains("*") { return }
        let missing = loopbackHosts.filter { !entries.contains($0) }
        guard !missing.isEmpty else { return }
        let updated = (entries.filter { !$0.isEmpty } + missing).joined(separator: ",")
        setenv("no_proxy", updated, 1)
        setenv("NO_PROXY", updated, 1)
    }
}
