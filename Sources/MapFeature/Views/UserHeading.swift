import Positioning

/// The arrow beside the user's marker that shows where they are heading: one of eight, by the GPS
/// course, drawn in the neighbouring cell that way. Only while moving (at least `movingSpeed`) with a
/// fresh fix.
struct UserHeading: Equatable {
    /// Metres per second below which the course of a receiver is noise.
    static let movingSpeed = 0.5
    /// The arrows clockwise from north: braille-free glyphs, and their ASCII stand-ins.
    static let arrows: [(Unicode.Scalar, Unicode.Scalar)] = [
        ("↑", "^"), ("↗", "/"), ("→", ">"), ("↘", "\\"), ("↓", "v"), ("↙", "/"), ("←", "<"), ("↖", "\\"),
    ]
    /// The cell steps clockwise from north (rows grow downwards).
    static let steps: [(dx: Int, dy: Int)] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]

    /// 0 north, 1 north-east, … 7 north-west.
    let octant: Int

    /// The heading of `location`, or nil when it is not moving, the fix is not fresh or has no course.
    init?(_ location: LocationState) {
        guard location.isFresh, let fix = location.fix, let speed = fix.speed, speed >= Self.movingSpeed,
            let course = fix.heading, course.isFinite
        else { return nil }
        let turns = (course / 45).rounded()
        octant = ((Int(turns) % 8) + 8) % 8  // checked: |course| < 360 by GPSFix, so turns is small
    }

    var step: (dx: Int, dy: Int) { Self.steps[octant] }

    func symbol(ascii: Bool) -> Unicode.Scalar { ascii ? Self.arrows[octant].1 : Self.arrows[octant].0 }
}
