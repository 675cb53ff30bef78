import Foundation
import Testing

@testable import FrameLens

/// Registering two working pictures: a drift is found and explained away; what is not a shift (a cut to
/// another picture, a move farther than the search) is not registered, so that it is compared as it is.
struct RegistrationTests {
    /// A 320x180 picture of smooth structure (two waves and a diagonal one), taken at (x + dx, y + dy): the
    /// same picture drifted by (-dx, -dy). `scale` stretches it into another picture.
    static func picture(dx: Int = 0, dy: Int = 0, scale: Double = 1) -> WorkingPicture {
        let width = 320, height = 180
        let luma = (0..<(width * height)).map { index -> UInt8 in
            let x = Double(index % width + dx) * scale, y = Double(index / width + dy) * scale
            let value = 128 + 50 * sin(x / 5) * cos(y / 7) + 40 * sin((x + 2 * y) / 11)
            return UInt8(max(0, min(255, value.rounded())))
        }
        return WorkingPicture(width: width, height: height, luma: luma)
    }

    @Test func aDriftIsFoundAndLeavesNoChange() throws {
        let a = Self.picture(), b = Self.picture(dx: -3, dy: 2)
        let registration = try #require(Registration.estimate(from: a, to: b))
        #expect(abs(registration.dx - 3) < 0.25 && abs(registration.dy + 2) < 0.25, "\(registration)")
        let differences = try #require(registration.cellDifferences(from: a, to: b))
        #expect(differences.allSatisfy { $0 <= ChangeDetector.cellThreshold })
        let asTheyAre = zip(a.cellMeans(shiftedBy: 0, 0).means, b.cellMeans(shiftedBy: 0, 0).means)
        #expect(asTheyAre.contains { abs($0 - $1) > Double(ChangeDetector.strongThreshold) })
    }

    @Test func aMoveFartherThanTheSearchIsNotRegistered() {
        #expect(Registration.estimate(from: Self.picture(), to: Self.picture(dx: -(Registration.reach + 4))) == nil)
    }

    @Test func aCutToAnotherPictureIsNotExplainedAsNoise() {
        let a = Self.picture(), b = Self.picture(dx: 1, scale: 1.6)
        let explained = Registration.estimate(from: a, to: b).flatMap { $0.cellDifferences(from: a, to: b) } != nil
        #expect(!explained)
    }
}
