internal import CFFmpeg

extension VideoFrame {
    /// The frame's luma turned upright for display, as a gray frame: its rotation applied (the pixels
    /// copied), the rotation 0 and the pixel shape turned with it. The frame itself when it is upright; nil
    /// when it has no 8-bit luma plane. For readers that look at the luma plane as it is shown (the caption
    /// tracker: a caption is a row of letters only the right way up); only luma is turned, for they turn
    /// every frame of a rotated video.
    func upright() -> VideoFrame? {
        guard rotation != 0 else { return self }
        guard hasEightBitLumaPlane, let turned = PlaneRotation.rotateLuma(buffer.frame, clockwise: rotation) else {
            return nil
        }
        let shape = rotation % 180 == 0
            ? sampleAspectRatio : Rational(sampleAspectRatio.denominator, sampleAspectRatio.numerator)
        return VideoFrame(FrameBuffer(owning: turned), standingFor: self, sampleAspectRatio: shape, rotation: 0)
    }

    /// A gray picture made from `frame` as a frame with its time and place, shown with this pixel shape and
    /// rotation.
    init(_ buffer: FrameBuffer, standingFor frame: VideoFrame, sampleAspectRatio: Rational, rotation: Int) {
        self.buffer = buffer
        width = Int(buffer.frame.pointee.width)
        height = Int(buffer.frame.pointee.height)
        pixelFormat = "gray"
        pts = frame.pts
        timeBase = frame.timeBase
        presentationTime = frame.presentationTime
        time = frame.time
        frameNumber = frame.frameNumber
        self.sampleAspectRatio = sampleAspectRatio
        self.rotation = rotation
        isKeyframe = frame.isKeyframe
        isIntra = frame.isIntra
    }
}
