/// Somewhere places fetched from a live source are kept, so that what was seen once is there offline
/// next time: the places database (`PlaceStore`).
public protocol PlaceKeeper: Sendable {
    /// Keeps `places`, fetched at `fetchedAt` (seconds since 1970, UTC): adds the new ones, replaces
    /// (by id) those that changed, and records the fetch time of every one. Returns how many places were
    /// added or changed (0: what the map shows stays right).
    func keep(_ places: [Place], fetchedAt: Double) throws -> Int
}
