extension Int64 {
    /// `self + other`, held at `.max` or `.min` where the sum would overflow: timestamps from a file, or
    /// from a time no stream reaches, move towards the end they point to instead of trapping.
    func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

extension Int {
    /// `value` rounded to the nearest whole number, held at `.max` or `.min` beyond them, and 0 for NaN: a
    /// frame number from a file's huge timestamp or frame rate, or from a caller's huge time, never traps.
    init(saturatingRounded value: Double) {
        let rounded = value.rounded()
        if rounded.isNaN {
            self = 0
        } else if rounded >= 0x1p63 {
            self = .max
        } else if rounded < -0x1p63 {
            self = .min
        } else {
            self = Int(rounded)
        }
    }
}
