import Layers
import TextSafety

/// One user layer on the map: a file of the user's, or what stdin sends.
public struct UserLayer: Equatable, Sendable {
    /// Its number, 1-based in the order given (the `L` panel's keys).
    public var id: Int
    /// What the legend calls it (a file's name), sanitised.
    public var name: String
    public var color: LayerColor
    public var visible = true
    public var content: LayerContent
    /// Features arrive while the map runs (`--layer -`).
    public var isStream: Bool
    /// The stream has closed; what it sent stays.
    public var streamEnded = false
    /// Parts of the file or stream that were skipped.
    public var problemCount = 0

    public init(id: Int, name: String, color: LayerColor, content: LayerContent, isStream: Bool = false) {
        self.id = id
        self.name = TextSanitizer.clean(name, maxLength: 60)
        self.color = color
        self.content = content
        self.isStream = isStream
    }
}
