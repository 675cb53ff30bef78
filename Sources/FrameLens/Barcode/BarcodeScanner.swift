import Foundation
internal import CZBar

/// A machine-readable code found on a frame.
public struct DetectedCode: Sendable, Hashable, Codable {
    /// ZBar's name of the symbology: `QR-Code`, `EAN-13`, `CODE-128`, ...
    public let symbology: String
    /// The payload as text (ZBar decodes QR text to UTF-8).
    public let payload: String
    /// The payload's bytes, base64-encoded.
    public let payloadBase64: String
    /// The code's outline, in display pixels from the picture's top-left corner: four corners (fewer only
    /// for a degenerate code), clockwise from the top-left one (see `CodeOutline`).
    public let polygon: [Point]
    /// The outline's bounding box on the displayed picture, origin at its top left.
    public let bounds: Bounds
}

/// Scans a gray image for QR codes and barcodes with ZBar, in place, once per frame and region.
///
/// Every symbology ZBar reads is scanned except GS1 DataBar: Debian's ZBar is built with its internal
/// assertions on, and its DataBar decoder prints "WARNING: decoder/databar.c ... Assertion" to standard
/// error for ordinary text whose strokes look like its bars (lines of code do), on every such frame.
enum BarcodeScanner {
    private static let y800 = framelens_zbar_fourcc(0x59, 0x38, 0x30, 0x30)

    /// The codes in some rectangles of a gray image, each code once.
    static func scan(_ image: LumaImage, in rectangles: [ImageRect]) -> [DetectedCode] {
        guard let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        for dataBar in [ZBAR_DATABAR, ZBAR_DATABAR_EXP] {
            zbar_image_scanner_set_config(scanner, dataBar, ZBAR_CFG_ENABLE, 0)
        }
        var codes: [DetectedCode] = []
        image.withPlane { plane in
            plane.withUnsafeBytes { pixels, bytesPerRow in
                for rect in rectangles {
                    guard let zimage = zbar_image_create() else { continue }
                    LiveObjects.zbarImages.created()
                    defer {
                        zbar_image_destroy(zimage)
                        LiveObjects.zbarImages.freed()
                    }
                    zbar_image_set_format(zimage, y800)
                    // The row padding is part of the width; the crop keeps ZBar inside the picture.
                    zbar_image_set_size(zimage, UInt32(bytesPerRow), UInt32(plane.height))
                    zbar_image_set_crop(zimage, UInt32(rect.x), UInt32(rect.y), UInt32(rect.width), UInt32(rect.height))
                    zbar_image_set_data(zimage, pixels.baseAddress, UInt(pixels.count), nil)
                    let found = CostLedger.measure(.codes, pixels: rect.width * rect.height) { zbar_scan_image(scanner, zimage) }
                    guard found > 0 else { continue }
                    var symbol = zbar_image_first_symbol(zimage)
                    while let current = symbol {
                        let code = describe(current, image: image)
                        if !codes.contains(where: { $0.symbology == code.symbology && $0.payloadBase64 == code.payloadBase64 }) {
                            codes.append(code)
                        }
                        symbol = zbar_symbol_next(current)
                    }
                }
            }
        }
        return codes
    }

    private static func describe(_ symbol: OpaquePointer, image: LumaImage) -> DetectedCode {
        let bytes = Data(bytes: zbar_symbol_get_data(symbol), count: Int(zbar_symbol_get_data_length(symbol)))
        let points = (0..<zbar_symbol_get_loc_size(symbol)).map {
            image.displayPoint(x: Int(zbar_symbol_get_loc_x(symbol, $0)), y: Int(zbar_symbol_get_loc_y(symbol, $0)))
        }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        // A barcode found on one scan line is still a pixel tall: an empty box would not read back from JSON.
        let box = PixelRect(
            x: xs.min() ?? 0, y: ys.min() ?? 0, width: max(1, (xs.max() ?? 0) - (xs.min() ?? 0)),
            height: max(1, (ys.max() ?? 0) - (ys.min() ?? 0)))
        return DetectedCode(
            symbology: String(cString: zbar_get_symbol_name(zbar_symbol_get_type(symbol))),
            payload: String(decoding: bytes, as: UTF8.self),
            payloadBase64: bytes.base64EncodedString(),
            polygon: CodeOutline.corners(of: points),
            bounds: Bounds(pixels: box, displaySize: (image.displayWidth, image.displayHeight)))
    }
}
