import Foundation
import Network
import TextSafety

/// What `mapterm --version` (`-V`) says of this build: "mapterm 0.1.0 (3823d54, dirty) static build".
/// The commit comes from `git describe` at build time (the BuildDescription plugin), "unknown" for a
/// build outside a git checkout; static or dynamic is asked at run time of the dynamic linker.
enum BuildInfo {
    /// The Swift runtime's shared library, loaded only by a dynamically linked build.
    static let swiftRuntime = "libswiftCore.so"

    /// The commit the binary was built from, "unknown" when the build had no git checkout.
    static var commit: String { BuildDescription.commit ?? "unknown" }

    /// True when the Swift runtime is linked into the binary: no `libswiftCore.so` is loaded (asked of
    /// the dynamic linker with `RTLD_NOLOAD`, which opens nothing new).
    static var isStatic: Bool {
        guard let handle = dlopen(swiftRuntime, RTLD_NOW | RTLD_NOLOAD) else { return true }
        dlclose(handle)
        return false
    }

    /// The line `--version` prints.
    static var versionLine: SafeText {
        let dirty = BuildDescription.isDirty ? ", dirty" : ""
        let linking = isStatic ? "static" : "dynamic"
        return SafeText(sanitizing: "mapterm \(MaptermRelease.version) (\(commit)\(dirty)) \(linking) build")
    }
}
