import Glibc

/// The C locale setup ncursesw needs for wide characters.
enum TerminalLocale {
    /// Sets `LC_ALL` (or only `LC_CTYPE`) from the environment. When that character set is not
    /// UTF-8, switches `LC_CTYPE` to `C.UTF-8` so ncursesw can still read and write UTF-8.
    ///
    /// - Returns: `userLocaleIsUTF8`, whether the user's own locale is UTF-8 (the app's hint to
    ///   use ASCII mode), and `canWriteUTF8`, whether `LC_CTYPE` is UTF-8 now (after any fallback).
    static func prepare(allCategories: Bool) -> (userLocaleIsUTF8: Bool, canWriteUTF8: Bool) {
        setlocale(allCategories ? LC_ALL : LC_CTYPE, "")
        let userLocaleIsUTF8 = codesetIsUTF8()
        if !userLocaleIsUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
        return (userLocaleIsUTF8, codesetIsUTF8())
    }

    private static func codesetIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
