import Foundation
import PackagePlugin

/// Writes `BuildDescription.swift` into the build folder before every build of the target that uses it:
/// `enum BuildDescription` with `commit` (the short commit of `git describe --always`, nil outside a git
/// checkout of this package, as in a tarball) and `isDirty` (tracked files changed since it). It runs
/// `git` locally and asks no network; the file is rewritten only when its text changes, so an
/// unchanged tree rebuilds nothing.
@main
struct BuildDescription: BuildToolPlugin {
    /// The shell script run before the build: $1 is the package folder, $2 the output folder.
    static let script = #"""
        PATH=/usr/local/bin:/usr/bin:/bin
        dir=$1 out=$2
        mkdir -p "$out"
        commit=nil dirty=false
        top=$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null) || top=
        if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$dir" && pwd -P)" ]; then
          described=$(git -C "$dir" describe --always --dirty 2>/dev/null | tr -cd '0-9A-Za-z.-') || described=
          case $described in *-dirty) dirty=true; described=${described%-dirty} ;; esac
          [ -n "$described" ] && commit="\"$described\""
        fi
        {
          echo '/// Made by the BuildDescription plugin at build time; not in the source tree.'
          echo 'enum BuildDescription {'
          echo "    static let commit: String? = $commit"
          echo "    static let isDirty = $dirty"
          echo '}'
        } > "$out/BuildDescription.swift.new"
        if cmp -s "$out/BuildDescription.swift.new" "$out/BuildDescription.swift"; then
          rm -f "$out/BuildDescription.swift.new"
        else
          mv "$out/BuildDescription.swift.new" "$out/BuildDescription.swift"
        fi
        """#

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let out = context.pluginWorkDirectoryURL.appending(path: "generated")
        return [
            .prebuildCommand(
                displayName: "Describing the build (git describe)", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "sh", context.package.directoryURL.path, out.path],
                outputFilesDirectory: out)
        ]
    }
}
