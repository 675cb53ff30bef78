/// Splits of a gray picture's levels: Otsu's threshold between its darker and lighter pixels, and the fill of
/// light letters drawn with a dark outline.
enum GrayLevels {
    /// The level that best splits `values` into a darker and a lighter class (Otsu's method: the most
    /// variance between the classes).
    static func otsuThreshold(_ values: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for value in values { histogram[Int(value)] += 1 }
        let total = Double(values.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var darkCount = 0.0, darkSum = 0.0, best = 0.0, threshold = 128
        for level in 0..<255 {
            darkCount += Double(histogram[level])
            darkSum += Double(level * histogram[level])
            let lightCount = total - darkCount
            guard darkCount > 0, lightCount > 0 else { continue }
            let difference = darkSum / darkCount - (sum - darkSum) / lightCount
            let between = darkCount * lightCount * difference * difference
            if between > best {
                best = between
                threshold = level + 1
            }
        }
        return UInt8(threshold)
    }

    /// The lightest shade alone, black on white: the fill of letters drawn lighter than what is around them with
    /// a dark outline (light yellow letters over a pale wall, white letters outlined over footage). There a
    /// picture's `threshold` splits the outline from the rest and leaves hollow letters; the lighter side split
    /// again (Otsu's method) holds the fill. Nil when nothing is lighter.
    static func fillOnly(_ pixels: [UInt8], threshold: UInt8) -> [UInt8]? {
        let lighter = pixels.filter { $0 >= threshold }
        guard !lighter.isEmpty else { return nil }
        let level = otsuThreshold(lighter)
        return pixels.map { $0 >= level ? 0 : 255 }
    }
}
