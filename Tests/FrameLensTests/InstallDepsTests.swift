import Foundation
import Testing

/// `scripts/install-deps.sh` waits for another apt's lock, then fails with a clear message.
struct InstallDepsTests {
    /// apt's lock folders are fresh tmpfs in a mount namespace of the test's own (`unshare -m`), their
    /// locks held by a process there: the machine's real apt is never locked or run.
    @Test func waitsForAnotherAptsLockThenSaysSo() throws {
        let script = TestMedia.repositoryRoot.appendingPathComponent("scripts/install-deps.sh").path
        let shell = """
            for folder in /var/lib/apt/lists /var/lib/dpkg; do mount -t tmpfs tmpfs "$folder" || exit 99; done
            touch /var/lib/dpkg/status
            python3 -c '
            import fcntl, sys, time
            held = [open(p, "a") for p in ["/var/lib/apt/lists/lock", "/var/lib/dpkg/lock-frontend", "/var/lib/dpkg/lock"]]
            for f in held: fcntl.lockf(f, fcntl.LOCK_EX)
            print("held", flush=True)
            time.sleep(8)' | { read -r held; APT_LOCK_TIMEOUT=3 '\(script)' framelens-no-such-package; }
            """
        let started = Date()
        let result = try Command.run("unshare", ["-m", "sh", "-c", shell])
        #expect(result.status == 1)
        #expect(result.errorText.hasSuffix(
            "install-deps: another apt or dpkg still holds its lock after 3 s (an install or upgrade under way?); run this again once it has finished (APT_LOCK_TIMEOUT=SECONDS waits longer)\n"),
            "\(result.errorText)")
        #expect(Date().timeIntervalSince(started) >= 3, "it waited")
    }
}
