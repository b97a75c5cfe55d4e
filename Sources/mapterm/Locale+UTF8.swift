import Foundation

extension Locale {
    /// True when the locale variables (LC_ALL, then LC_CTYPE, then LANG) name a UTF-8 character set;
    /// an unset locale counts as UTF-8 (most terminals today), "C" and "POSIX" do not.
    static var isUTF8Environment: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard
            let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }
            )
        else { return true }
        let upper = value.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8")
    }
}
