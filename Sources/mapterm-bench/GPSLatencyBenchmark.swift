import Foundation
import GeoCore
import Layers
import MapFeature
import Network
import Positioning
import Render
import Synchronization
import TestSupport

/// Part 13: how long a TPV report takes from gpsd's socket to the marker on screen (the frame drawn and
/// encoded for the terminal), while a `--layer -` stream of 1 000 points a second also arrives. A gpsd
/// stand-in on a loopback port sends a report every 40 ms, each with its own latitude; the real
/// `GPSDClient` reads them and posts them to the inbox, and a loop like the map's takes the inbox, reduces,
/// draws and encodes. The latency of a report is from the moment its line was sent to the end of the
/// first frame drawn after it was reduced.
enum GPSLatencyBenchmark {
    static let seconds = 8.0
    static let interval = 0.04
    static let base = LatLon(lat: 37.7749, lon: -122.4194)

    static func run(_ renderer: SnapshotMap) throws {
        let server = try FakeGPSD(base: base, interval: interval, seconds: seconds)
        let wake = BenchWake()
        let inbox = Inbox { wake.signal() }
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port))
        client.start { inbox.post(.gps($0, at: 0)) }
        var state = MapState(camera: Camera(center: base, zoom: 15), screen: Viewport(cols: 160, rows: 48))
        state.location = LocationState(source: .gpsd("bench"), centresOnFirstFix: false)
        state.layers.add(name: "stdin", content: LayerContent(streamIdentity: 1, trail: 20), isStream: true)
        let streaming = Mutex(true)
        let writer = Thread {
            var rng = BenchRandom(seed: 21)
            while streaming.withLock({ $0 }) {
                let batch = (0..<33).map { i in
                    LayerFeature(
                        id: "t\(i)", name: "t\(i)",
                        geometries: [
                            .point(
                                LatLon(
                                    lat: base.lat + .random(in: -0.01...0.01, using: &rng),
                                    lon: base.lon + .random(in: -0.01...0.01, using: &rng)))
                        ])
                }
                inbox.post(.layers(.streamed(layer: 1, features: batch, problems: [])))
                usleep(33_000)
            }
        }
        writer.start()
        var encoder = TerminalEncoder(capabilities: TerminalEncoder.Capabilities(colorMode: .palette256))
        var latencies: [Double] = []
        var streamed = 0
        let end = now() + seconds + 1
        while now() < end {
            wake.wait(seconds: 0.1)
            var reported: [Int] = []
            for action in inbox.take() {
                if case .gps(.report(.fix(let fix)), _) = action {
                    reported.append(FakeGPSD.sequence(of: fix, base: base))
                }
                if case .layers(.streamed(_, let features, _)) = action { streamed += features.count }
                _ = MapReducer.reduce(&state, action)
            }
            guard !reported.isEmpty || streamed > 0 else { continue }
            let grid = FrameComposer().compose(
                state, map: renderer.renderLayers(camera: state.camera, viewport: state.mapViewport))
            frameChecksum &+= encoder.encode(grid).count
            let drawn = now()
            for sequence in reported {
                if let sent = server.sentAt(sequence) { latencies.append((drawn - sent) * 1000) }
            }
        }
        streaming.withLock { $0 = false }
        client.stop()
        server.stop()
        let timing = Timing(samples: latencies)
        print(
            "TPV report → marker drawn and encoded".padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(
                    format: "%8.3f ms  (p99 %.3f, n %d of %d sent; %d stream points meanwhile)", timing.median,
                    timing.percentile(0.99), latencies.count, server.sentCount, streamed))
        reportPercentile("TPV report → marker on screen, p99", timing, 0.99, target: 33)
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// A wake-up the bench loop sleeps on (a pipe, as the map's run loop waits on its terminal and pipe).
final class BenchWake: Sendable {
    private let fds: (read: Int32, write: Int32)

    init() {
        var pair: [Int32] = [-1, -1]
        _ = pipe(&pair)
        _ = fcntl(pair[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(pair[1], F_SETFL, O_NONBLOCK)
        fds = (pair[0], pair[1])
    }

    func signal() {
        var byte: UInt8 = 1
        _ = write(fds.write, &byte, 1)
    }

    /// Returns when signalled (emptying the pipe) or after `seconds`.
    func wait(seconds: Double) {
        var poller = pollfd(fd: fds.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, Int32(seconds * 1000))
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(fds.read, &buffer, buffer.count) > 0 {}
    }
}

/// A gpsd stand-in on a loopback port: VERSION, then a TPV every `interval` seconds for `seconds`, report
/// number n at `base` plus n micro-degrees of latitude; remembers when each was sent.
final class FakeGPSD: Sendable {
    let port: Int
    private let listener: Int32
    private let sent = Mutex<[Int: Double]>([:])
    private let running = Mutex(true)

    init(base: LatLon, interval: Double, seconds: Double) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound, listen(fd, 1) == 0 else { throw CocoaError(.fileWriteUnknown) }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve(base: base, interval: interval, seconds: seconds) }
        thread.start()
    }

    private func serve(base: LatLon, interval: Double, seconds: Double) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        send(connection, "{\"class\":\"VERSION\",\"release\":\"bench\"}\n")
        let count = Int(seconds / interval)
        for n in 0..<count where running.withLock({ $0 }) {
            let lat = base.lat + Double(n) * 1e-6
            let line = String(
                format:
                    "{\"class\":\"TPV\",\"mode\":3,\"lat\":%.7f,\"lon\":%.7f,\"eph\":4.0,\"speed\":1.2,\"track\":90}\n",
                lat, base.lon)
            sent.withLock { $0[n] = GPSLatencyBenchmark.now() }
            send(connection, line)
            usleep(UInt32(interval * 1e6))
        }
    }

    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// When report `n` was sent (monotonic seconds).
    func sentAt(_ n: Int) -> Double? { sent.withLock { $0[n] } }

    var sentCount: Int { sent.withLock { $0.count } }

    func stop() {
        running.withLock { $0 = false }
        close(listener)
    }

    /// The number of the report `fix` is.
    static func sequence(of fix: GPSFix, base: LatLon) -> Int { Int(((fix.position.lat - base.lat) * 1e6).rounded()) }
}
