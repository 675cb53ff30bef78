/// The first frame after `unchanged`, up to `changed`, that shows the change of `shape` since `unchanged`.
/// The cursor gets to `unchanged` the scan's quick way (decoding forward when no keyframe lies between,
/// else seeking), then decodes every frame, so that the B-frames the scan skipped are compared too.
func firstChangedFrame(
    after unchanged: ScannedFrame, upTo changed: ScannedFrame, detector: ChangeDetector, shape: ChangeDetector.Shape,
    in cursor: FrameCursor
) throws -> Boundary {
    let reference = try Thumbnail(try cursor.frame(atTimestamp: unchanged.pts, lead: .approximate))
    while let frame = try cursor.step(), frame.pts < changed.pts {
        if detector.shows(shape, from: reference, to: try Thumbnail(frame)) {
            return Boundary(time: frame.time, frameNumber: frame.frameNumber)
        }
    }
    return Boundary(time: changed.time, frameNumber: changed.frameNumber)
}
