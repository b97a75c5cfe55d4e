import Foundation
import Glibc
import Layers
import Storage
import Testing

/// What reading a layer file and preparing it for the map cost in memory, measured as the process's
/// resident memory above what it was before (`/proc/self/statm`): the bytes of the file are the
/// caller's and not counted. The smallest of three runs is kept (tests running beside these only add
/// to the measure; the bounds leave room for some of that, and the reader before flat coordinates
/// measured 6 to 10 times the file reading, 3 to 30 times it for the map's content).
@Suite(.serialized) struct LayerMemoryTests {
    static let line = HeavyLayers.line(points: 200_000)
    static let polygon = HeavyLayers.polygon(holes: 20_000)

    /// Reading keeps no parsed value per number: at its peak it holds at most 3 times the file.
    @Test(arguments: ["line", "polygon"])
    func readingPeaksAtMostThreeTimesTheFile(_ name: String) throws {
        let bytes = name == "line" ? Self.line : Self.polygon
        let peak = try (0..<3).map { _ in
            try MemorySampler.peak {
                let data = try LayerReader.read(bytes: bytes, name: name, format: .geoJSON)
                #expect(data.features.count == 1 && data.problems.isEmpty)
            }
        }.min()!
        #expect(peak <= bytes.count * 3, "\(name): \(bytes.count) bytes read with a peak of \(peak)")
    }

    /// The map's paths (every zoom level's simplification and chunk boxes) of the heavy line and
    /// polygon hold at most twice the file's size.
    @Test(arguments: ["line", "polygon"])
    func mapContentHoldsAtMostTwiceTheFile(_ name: String) throws {
        let bytes = name == "line" ? Self.line : Self.polygon
        let data = try LayerReader.read(bytes: bytes, name: name, format: .geoJSON)
        var storage = 0
        let held = (0..<3).map { _ in
            MemorySampler.retained {
                let content = LayerContent(features: data.features, identity: 1)
                storage = content.paths.reduce(0) { $0 + $1.storageBytes }
                return content
            }
        }.min()!
        #expect(held <= bytes.count * 2, "\(name): content of \(bytes.count) bytes holds \(held), paths \(storage)")
    }

    /// A file over the limit is refused from its size, before any of it is read.
    @Test func anOverSizeFileIsRefusedBeforeReading() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-huge-\(getpid()).geojson")
            .path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, off_t(LayerReader.maximumFileSize + 1)) == 0)
        var message = ""
        let peak = try MemorySampler.peak {
            do {
                _ = try LayerReader.read(path: path)
            } catch {
                message = "\(error)"
            }
        }
        #expect(message.hasSuffix("is 513 MB, larger than the 512 MB a layer file may be"), "\(message)")
        #expect(peak < 1 << 20)
    }
}

/// Measures the process's resident memory, bytes. Each measure starts by handing the heap's free
/// pages back to the system (glibc's `malloc_trim`), so that what the measured code allocates shows
/// in the resident size instead of filling pages freed earlier (a test's own file, built as a string).
enum MemorySampler {
    /// `malloc_trim(0)`, looked up at run time (it is declared in `<malloc.h>`, outside the Glibc module).
    static func trim() {
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
    }

    static func inUse() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// The most resident memory above its starting level while `body` ran, sampled every 100 µs, bytes.
    static func peak(_ body: () throws -> Void) throws -> Int {
        trim()
        let state = State(start: inUse())
        let thread = Thread { state.sample() }
        thread.start()
        defer { state.stop() }
        try body()
        state.stop()
        return state.peak - state.start
    }

    /// The resident memory `make` leaves behind with its result held, bytes.
    static func retained<T>(_ make: () -> T) -> Int {
        trim()
        let before = inUse()
        let value = make()
        let after = inUse()
        withExtendedLifetime(value) {}
        return after - before
    }

    private final class State: @unchecked Sendable {
        let start: Int
        private let lock = NSLock()
        private var running = true
        private var highest: Int
        private let done = DispatchSemaphore(value: 0)

        init(start: Int) {
            self.start = start
            highest = start
        }

        var peak: Int { lock.withLock { highest } }

        func sample() {
            while lock.withLock({ running }) {
                let now = MemorySampler.inUse()
                lock.withLock { highest = max(highest, now) }
                usleep(100)
            }
            done.signal()
        }

        func stop() {
            let wasRunning = lock.withLock {
                defer { running = false }
                return running
            }
            if wasRunning { done.wait() }
            let now = MemorySampler.inUse()
            lock.withLock { highest = max(highest, now) }
        }
    }
}
