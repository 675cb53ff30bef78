/// The data detectors (`DataDetector`, `DataKind`, `DataMatch`) live in their own module, which does not
/// depend on video; `import FrameLens` brings them in too.
@_exported public import FrameLensDataDetection
