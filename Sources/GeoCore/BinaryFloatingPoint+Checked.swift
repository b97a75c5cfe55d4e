/// Checked conversions of floating-point numbers to `Int`: the plain `Int(x)` initialiser traps on a
/// NaN, an infinity or a value beyond `Int`'s range, so numbers from outside (files, servers, the
/// command line) go through these instead.
extension BinaryFloatingPoint {
    /// This value rounded by `rule`, when that is a whole number inside `range`; nil for NaN, an
    /// infinity or a value outside `range`.
    public func checkedInt(_ rule: FloatingPointRoundingRule = .towardZero, in range: ClosedRange<Int>) -> Int? {
        guard isFinite, let value = Int(exactly: rounded(rule)), range.contains(value) else { return nil }
        return value
    }

    /// This value rounded by `rule` and clamped into `range` (infinities go to the nearer end); nil
    /// only for NaN.
    public func clampedInt(_ rule: FloatingPointRoundingRule = .towardZero, in range: ClosedRange<Int>) -> Int? {
        guard !isNaN else { return nil }
        let value = rounded(rule)
        if value <= Self(range.lowerBound) { return range.lowerBound }
        if value >= Self(range.upperBound) { return range.upperBound }
        return Int(value)  // checked: strictly between two Int bounds, so finite and in range
    }
}
