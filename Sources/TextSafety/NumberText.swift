/// How whole numbers are written for people, the same everywhere mapterm writes one.
public enum NumberText {
    /// The digits with a comma between thousands: "2,140", "1,234,567", "-1,000". A comma, not a (thin)
    /// space: "1 149 places" reads as two numbers.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = n < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
