/// How to read a layer file: the columns that hold the coordinates of a CSV or TSV file.
public struct LayerReadOptions: Sendable {
    /// The header of the latitude column (case-insensitive); nil finds it by its usual names.
    public var latColumn: String?
    /// The header of the longitude column (case-insensitive); nil finds it by its usual names.
    public var lonColumn: String?

    public init(latColumn: String? = nil, lonColumn: String? = nil) {
        self.latColumn = latColumn
        self.lonColumn = lonColumn
    }
}
