extension Int64 {
    /// `self + other`, held at `.max` or `.min` where the sum would overflow: timestamps from a file, or
    /// from a time no stream reaches, move towards the end they point to instead of trapping.
    func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
