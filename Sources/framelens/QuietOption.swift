import ArgumentParser

/// `--quiet`: nothing on the terminal but errors (no progress, no summary, no list of files written).
struct QuietOption: ParsableArguments {
    @Flag(name: [.short, .long], help: "Print nothing but errors and warnings: no progress, summary or list of files written.")
    var quiet = false
}
