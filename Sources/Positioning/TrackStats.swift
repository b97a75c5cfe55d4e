import GeoCore

/// What a recorded track amounts to: how many points, how long (along the WGS84 ellipsoid), for how long,
/// how long it moved, and where it lies.
public struct TrackStats: Equatable, Sendable {
    /// Slowest speed between two points that counts as moving, metres per second (a walk is about 1.4;
    /// a receiver standing still wanders by a few tenths).
    public static let movingSpeed = 0.5
    /// Longest time between two points that counts as moving, seconds: a longer gap (the receiver lost,
    /// the recording paused) is a stop whatever the distance.
    public static let longestMovingGap = 300.0

    public var pointCount: Int
    /// Length of the path through the points in file order, metres (geodesics on WGS84).
    public var length: Double
    /// Latest minus earliest time, seconds (0 for fewer than two points; never negative, whatever the
    /// order of the times).
    public var duration: Double
    /// The time between consecutive points whose speed between them is at least `movingSpeed` and whose
    /// gap is positive and at most `longestMovingGap`, seconds.
    public var movingTime: Double
    /// The length covered in `movingTime`, metres.
    public var movingLength: Double
    /// Earliest and latest time, seconds since 1970 (nil without points).
    public var start: Double?
    public var end: Double?
    /// Smallest and largest latitude and longitude of the points, degrees (nil without points; the box
    /// is not the shortest one across the antimeridian).
    public var bounds: GeoBounds?

    /// Average speed while moving, metres per second (nil when it never moved).
    public var averageMovingSpeed: Double? { movingTime > 0 ? movingLength / movingTime : nil }

    public init(points: [TrackPoint]) {
        pointCount = points.count
        length = 0
        movingTime = 0
        movingLength = 0
        duration = 0
        guard let first = points.first else { return }
        let geodesic = Geodesic.wgs84
        var earliest = first.time, latest = first.time
        var box = GeoBounds(
            south: first.position.lat, west: first.position.lon, north: first.position.lat, east: first.position.lon)
        for (previous, point) in zip(points, points.dropFirst()) {
            let metres = geodesic.inverse(previous.position, point.position).distance
            length += metres
            let gap = point.time - previous.time
            if gap > 0, gap <= Self.longestMovingGap, metres / gap >= Self.movingSpeed {
                movingTime += gap
                movingLength += metres
            }
            earliest = min(earliest, point.time)
            latest = max(latest, point.time)
            box.south = min(box.south, point.position.lat)
            box.north = max(box.north, point.position.lat)
            box.west = min(box.west, point.position.lon)
            box.east = max(box.east, point.position.lon)
        }
        start = earliest
        end = latest
        duration = latest - earliest
        bounds = box
    }
}
