import Foundation
import Testing

/// `make install` and `make uninstall`, into a staging folder (DESTDIR) as a distribution package's build does,
/// from the tests' own build (BUILT): no release build. The manual pages come from the generate-manual that make
/// test builds there, else from the one make install builds alone.
struct InstallTests {
    @Test func installsProgramsPageManualAndCompletionsThenUninstallsThemAll() throws {
        let stage = TestMedia.path("stage")
        let prefix = stage + "/usr/local"
        let built = (Command.framelens as NSString).deletingLastPathComponent
        let generateManual = built + "/generate-manual"
        let variables = ["BUILT=\(built)", "DESTDIR=\(stage)", "PREFIX=/usr/local"]
            + (FileManager.default.isExecutableFile(atPath: generateManual) ? ["GENERATE_MANUAL=\(generateManual)"] : [])
        let install = try make(["install"] + variables)
        #expect(install.status == 0, "\(install.errorText)")

        let version = try Command.run(prefix + "/bin/framelens", ["--version"])
        #expect(version.text == "0.1.0\n")

        // Every command has its page; index's is the index command's own help.
        let pages = try FileManager.default.contentsOfDirectory(atPath: prefix + "/share/man/man1").sorted()
        for page in ["framelens.1", "framelens-index.1", "framelens-grab.1", "framelens-library-add.1",
                     "framelens-search.1", "framelens-serve.1"] {
            #expect(pages.contains(page), "\(pages)")
        }
        let index = try Command.run(
            "man", ["-l", prefix + "/share/man/man1/framelens-index.1"], environment: Self.plainMan)
        #expect(index.status == 0, "\(index.errorText)")
        #expect(index.text.contains("Indexes a video's on-screen text"), "\(index.text)")
        #expect(index.text.contains("--format"))
        // serve's page is framelens-serve's, with its options, not the pass-through of `framelens serve`.
        let serve = try Command.run(
            "man", ["-l", prefix + "/share/man/man1/framelens-serve.1"], environment: Self.plainMan)
        #expect(serve.text.contains("--port"), "\(serve.text)")

        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/framelens", encoding: .utf8)
        #expect(bash.contains("index"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/zsh/site-functions/_framelens"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/fish/vendor_completions.d/framelens.fish"))

        // The installed framelens finds the installed framelens-serve, which serves the page.
        let help = try Command.run(prefix + "/bin/framelens", ["serve", "--help"])
        #expect(help.status == 0, "\(help.errorText)")
        #expect(help.text.contains("USAGE: framelens serve"), "\(help.text)")
        do {
            let server = try RunningServer([TestMedia.sample], command: [prefix + "/bin/framelens", "serve"])
            let page = try server.get("/")
            #expect(page.status == 200)
            #expect(page.text.contains("<html"))
        }

        let uninstall = try make(["uninstall"] + variables)
        #expect(uninstall.status == 0, "\(uninstall.errorText)")
        let left = FileManager.default.enumerator(atPath: stage)?.compactMap { $0 as? String }.filter {
            var folder: ObjCBool = false
            return !FileManager.default.fileExists(atPath: stage + "/" + $0, isDirectory: &folder) || !folder.boolValue
                || $0.hasSuffix(".resources")
        }
        #expect(left == [], "left behind: \(left ?? [])")
    }

    /// man printing the page as plain ASCII text (no UTF-8 dashes or quotes), on lines long enough for an abstract.
    private static let plainMan = ["MANPAGER": "cat", "MANWIDTH": "200", "LC_ALL": "C"]

    /// Runs make in the clone, as its own top-level make (not a sub-make of `make test`'s).
    private func make(_ arguments: [String]) throws -> Command.Result {
        try Command.run(
            "make", ["-C", TestMedia.repositoryRoot.path, "--no-print-directory"] + arguments,
            environment: ["MAKEFLAGS": "", "MAKELEVEL": "", "MFLAGS": ""])
    }
}
