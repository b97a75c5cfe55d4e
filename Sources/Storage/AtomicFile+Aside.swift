import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension AtomicFile {
    // MARK: Keeping a bad file

    /// Renames the file at `path` to `<path><suffix>`, or `<path><suffix>-2`, `-3`, … when that name
    /// is taken: an existing file is never replaced. Returns the new path.
    ///
    /// Uses `link` + `unlink`, which fails instead of replacing; where hard links are not supported
    /// (or `path` is a directory) it falls back to `rename` after checking that the name is free.
    static func moveAside(_ path: String, suffix: String) throws -> String {
        for attempt in 1...1000 {
            let candidate = path + suffix + (attempt == 1 ? "" : "-\(attempt)")
            if link(path, candidate) == 0 {
                unlink(path)
                return candidate
            }
            switch errno {
            case EEXIST: continue
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV:
                if access(candidate, F_OK) == 0 { continue }
                guard rename(path, candidate) == 0 else { throw Failure("rename", path) }
                return candidate
            default: throw Failure("link", candidate)
            }
        }
        throw Failure(message: "too many kept copies of \(path)")
    }

    /// "20261129T120102Z": a UTC time to the second, safe in file names.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    // MARK: Leftover temp files

    /// Removes temp files that an interrupted replacement of `path` left behind: those whose writer
    /// process is gone, and any older than `maximumAge` seconds (a replacement takes milliseconds; the
    /// age also covers a writer id reused by an unrelated process). Best effort: errors are ignored.
    static func removeLeftoverTemps(of path: String, maximumAge: TimeInterval = 600, now: Date = Date()) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = tempPrefix(for: url.lastPathComponent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            let temp = directory + "/" + name
            let writer = name.dropFirst(prefix.count).split(separator: "-").first.flatMap { pid_t($0) }
            var info = stat()
            guard lstat(temp, &info) == 0, RegularFile.Kind(mode: info.st_mode) == .regular else { continue }
            let age = now.timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec)
            let writing = writer.map { $0 == getpid() || isRunning($0) } ?? false
            if writing && age <= maximumAge { continue }
            unlink(temp)
        }
    }

    /// Whether a process with this id exists (a process of another user counts as existing).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
