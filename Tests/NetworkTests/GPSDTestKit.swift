import Foundation
import Network
import Positioning
import Synchronization
import TestSupport
import Testing

/// The events a `GPSDClient` delivered, with the monotonic time each arrived.
final class GPSDEventLog: Sendable {
    private let events = Mutex<[(at: Double, event: GPSEvent)]>([])

    var deliver: @Sendable (GPSEvent) -> Void {
        { [self] event in events.withLock { $0.append((Self.now(), event)) } }
    }

    var all: [GPSEvent] { events.withLock { $0.map(\.event) } }
    var timed: [(at: Double, event: GPSEvent)] { events.withLock { $0 } }

    /// Waits up to `seconds` until `condition` holds for the events so far; whether it did.
    func wait(_ seconds: Double, until condition: ([GPSEvent]) -> Bool) -> Bool {
        let deadline = Self.now() + seconds
        while Self.now() < deadline {
            if condition(all) { return true }
            usleep(10_000)
        }
        return condition(all)
    }

    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

extension GPSEvent {
    var fix: GPSFix? {
        if case .report(.fix(let fix)) = self { return fix }
        return nil
    }
    var isLost: Bool {
        if case .lost = self { return true }
        return false
    }
    var isConnected: Bool {
        if case .connected = self { return true }
        return false
    }
    var problem: String? {
        if case .problem(let line) = self { return line }
        return nil
    }
    var isReport: Bool {
        if case .report = self { return true }
        return false
    }
    /// Every text the event carries for the screen.
    var texts: [String] {
        switch self {
        case .connected(let source): return [source]
        case .lost(let reason): return [reason]
        case .problem(let line): return [line]
        case .report(.rejected(let why)): return [why]
        case .report: return []
        }
    }
}

/// A private gpsd fed by a private NMEA feeder, started through `Tests/services/gpsd.sh` on a state
/// folder of its own (so tests that stop gpsd or steer the feed do not disturb one another).
final class GPSDService {
    static let script = RepositoryPaths.root.appendingPathComponent("Tests/services/gpsd.sh").path
    /// Set by `make unit` (gpsd.sh run) when gpsd is installed: the tests that need it run only then.
    static let shared = ProcessInfo.processInfo.environment["MAPTERM_TEST_GPSD"]
    static let skipReason: Comment = "needs MAPTERM_TEST_GPSD (Tests/services/gpsd.sh run …, Debian's gpsd installed)"

    let state: URL
    let endpoint: GPSDEndpoint

    /// Starts one at `position` ("LAT LON SPEED TRACK"), `rate` cycles a second.
    init(position: String = "37.7749 -122.4194 0 0", rate: Double = 1) throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-gpsd-\(UUID().uuidString)")
        let printed = try Self.run(
            ["start"], state: state, extra: ["MAPTERM_GPSD_START": position, "MAPTERM_GPSD_RATE": "\(rate)"])
        endpoint = try GPSDEndpoint.parse(printed.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit { _ = try? Self.run(["stop"], state: state) }

    /// What the feeder sends from its next cycle on (nmea-feed.py's words).
    func set(_ words: String) throws { _ = try Self.run(["set", words], state: state) }
    func stopDaemon() throws { _ = try Self.run(["stop-gpsd"], state: state) }
    func startDaemon() throws { _ = try Self.run(["start-gpsd"], state: state) }

    /// Runs gpsd.sh with `arguments`; its stdout and stderr. Spawned with every signal unblocked and at
    /// its default (Swift Testing's threads block most signals, and children inherit the mask: bash would
    /// then wait forever and the daemons ignore SIGTERM); output goes through a file, not a pipe.
    static func run(_ arguments: [String], state: URL, extra: [String: String] = [:]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("gpsd-sh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var environment = ProcessInfo.processInfo.environment
        environment["MAPTERM_GPSD_STATE"] = state.path
        environment.merge(extra) { $1 }
        let argv = ["/bin/bash", script] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnvp in posix_spawn(&pid, "/bin/bash", &actions, &attributes, cArgv, cEnvp) }
        }
        guard spawned == 0 else { throw GPSDServiceError(message: "cannot run gpsd.sh: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw GPSDServiceError(message: "gpsd.sh \(arguments.joined(separator: " ")) (status \(status)): \(text)")
        }
        return text
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}

struct GPSDServiceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A loopback TCP server standing in for a hostile gpsd: each connection runs `script` with the
/// connection's descriptor (on the server's thread), then stays open, silent, until `stop()`.
final class GPSDFakeServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var connections: [Int32] = []
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(_ script: @escaping @Sendable (Int32) -> Void) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw GPSDServiceError(message: "cannot listen on 127.0.0.1") }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in
            while isRunning {
                var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 20) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                lock.withLock { connections.append(connection) }
                script(connection)
            }
            done.signal()
        }
        thread.start()
    }

    private var isRunning: Bool { lock.withLock { running } }

    var endpoint: GPSDEndpoint { GPSDEndpoint(host: "127.0.0.1", port: port) }

    func stop() {
        lock.withLock { running = false }
        done.wait()
        close(listener)
        lock.withLock { connections.forEach { close($0) } }
    }

    /// Writes all of `bytes` to `fd`; false once the peer is gone.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            rest = rest.dropFirst(n)
        }
        return true
    }

    static func send(_ fd: Int32, _ text: String) { send(fd, Array(text.utf8)) }

    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"
    static func tpv(lat: Double, lon: Double, mode: Int = 3) -> String {
        #"{"class":"TPV","mode":\#(mode),"lat":\#(lat),"lon":\#(lon),"eph":5.0}"# + "\n"
    }
}

/// The resident memory of this process, bytes (VmRSS of /proc/self/status).
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
}
