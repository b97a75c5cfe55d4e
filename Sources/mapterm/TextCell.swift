import TextSafety

/// The cells of the command-line tables (`places`, `search`).
enum TextCell {
    /// `text` sanitised, cut to `width` characters and padded with spaces to that width.
    static func padded(_ text: String, _ width: Int) -> SafeText {
        let cut = SafeText(sanitizing: text, maxLength: width)
        return cut + .spaces(width - cut.string.count)
    }
}
