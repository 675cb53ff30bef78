# The README's two commands are `make demo` and `make test`; both install what is missing first.
SWIFT ?= swift
space := $(subst ,, )
SAMPLE ?= Samples/lecture.mp4

.PHONY: deps build demo serve check test test-times docs bench bench-accuracy bench-serve samples fuzz sanitize soak bench-memory \
    release man completions install uninstall

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product framelens

# ArgumentParser's generate-manual, the tool its GenerateManual plugin runs, built alone (in 20 s) from the
# checkout SwiftPM resolved: the plugin would build every product of this package first, and in release. make
# test builds it in the test build instead, beside the programs InstallTests installs, reusing that build's
# ArgumentParser.
GENERATE_MANUAL ?= .build/tools/debug/generate-manual
.build/tools/debug/generate-manual:
	$(SWIFT) package resolve --scratch-path $(TEST_SCRATCH)
	$(SWIFT) build --package-path $(TEST_SCRATCH)/checkouts/swift-argument-parser --scratch-path .build/tools \
	    $(TEST_FLAGS) --product generate-manual

# Both programs, in release.
release: build
	$(SWIFT) build -c release --product framelens-serve

# make install: the programs, the web player's page, the manual pages and the shell completions under PREFIX,
# each under DESTDIR when it is set (a package's staging folder). It builds in release first; given BUILT, it
# installs the programs built there without building (sudo make install BUILT=.build/release, after make
# release, builds nothing as root).
PREFIX ?= /usr/local
DESTDIR ?=
BUILT ?= .build/release
bindir = $(PREFIX)/bin
# The programs and the page's files (SwiftPM's resource bundle) together: framelens-serve finds the bundle
# beside its own file (Bundle.module, by /proc/self/exe, which symlinks do not hide), and framelens finds
# framelens-serve beside its own. bin/ holds symlinks to them.
pkglibdir = $(PREFIX)/lib/framelens
man1dir = $(PREFIX)/share/man/man1
bashcompletiondir = $(PREFIX)/share/bash-completion/completions
zshcompletiondir = $(PREFIX)/share/zsh/site-functions
fishcompletiondir = $(PREFIX)/share/fish/vendor_completions.d
RESOURCES = FrameLens_FrameLensServer.resources

# The bash, zsh and fish completion scripts of $(BUILT)/framelens, into the three files named.
define write_completions
	$(BUILT)/framelens --generate-completion-script bash >$(strip $(1))
	$(BUILT)/framelens --generate-completion-script zsh >$(strip $(2))
	$(BUILT)/framelens --generate-completion-script fish >$(strip $(3))
endef

ifeq ($(origin BUILT),file)
install man completions: release
endif
install: $(GENERATE_MANUAL)
	install -d $(DESTDIR)$(pkglibdir) $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) \
	    $(DESTDIR)$(bashcompletiondir) $(DESTDIR)$(zshcompletiondir) $(DESTDIR)$(fishcompletiondir)
	install -m 755 $(BUILT)/framelens $(BUILT)/framelens-serve $(DESTDIR)$(pkglibdir)/
	rm -rf $(DESTDIR)$(pkglibdir)/$(RESOURCES)
	cp -R $(BUILT)/$(RESOURCES) $(DESTDIR)$(pkglibdir)/
	chmod -R u=rwX,go=rX $(DESTDIR)$(pkglibdir)/$(RESOURCES)
	for program in framelens framelens-serve; do \
	    ln -sfn "$$(realpath -m --relative-to=$(bindir) $(pkglibdir))/$$program" $(DESTDIR)$(bindir)/$$program; \
	done
	scripts/manual-pages.sh $(GENERATE_MANUAL) $(BUILT) $(DESTDIR)$(man1dir)
	$(call write_completions,$(DESTDIR)$(bashcompletiondir)/framelens,$(DESTDIR)$(zshcompletiondir)/_framelens,$\
	    $(DESTDIR)$(fishcompletiondir)/framelens.fish)
	chmod 644 $(DESTDIR)$(bashcompletiondir)/framelens $(DESTDIR)$(zshcompletiondir)/_framelens \
	    $(DESTDIR)$(fishcompletiondir)/framelens.fish

# What install put there: the pages are every framelens page in man1, one per command.
uninstall:
	rm -f $(DESTDIR)$(bindir)/framelens $(DESTDIR)$(bindir)/framelens-serve
	rm -rf $(DESTDIR)$(pkglibdir)
	rm -f $(DESTDIR)$(man1dir)/framelens.1 $(DESTDIR)$(man1dir)/framelens-*.1
	rm -f $(DESTDIR)$(bashcompletiondir)/framelens $(DESTDIR)$(zshcompletiondir)/_framelens \
	    $(DESTDIR)$(fishcompletiondir)/framelens.fish

# The manual pages and the completion scripts alone, to read (man -l .build/man/framelens-index.1).
man: $(GENERATE_MANUAL)
	rm -rf .build/man
	scripts/manual-pages.sh $(GENERATE_MANUAL) $(BUILT) .build/man

completions:
	mkdir -p .build/completions
	$(call write_completions,.build/completions/framelens,.build/completions/_framelens,.build/completions/framelens.fish)

# The main job on the bundled sample: pause at 0:15 and read the slide.
demo: build
	.build/release/framelens probe $(SAMPLE)
	.build/release/framelens frame $(SAMPLE) --at 0:15 -o /tmp/framelens-demo.png
	.build/release/framelens grab $(SAMPLE) --at 0:15
	@echo "Next: make serve   (a web player with Live Text; VIDEO=path for your own videos)"

# The web player (framelens-serve, with Hummingbird) on VIDEO, by default the sample.
VIDEO ?= $(SAMPLE)
serve: build
	$(SWIFT) build -c release --product framelens-serve
	.build/release/framelens serve $(VIDEO)

# The inner loop: a debug build (quick to rebuild after a change) and the suites that need no video longer than a
# few seconds and no browser, each under about a second of optimised code (make test-times), in under 2 minutes
# once built. A new suite of that kind belongs in the list.
CHECK_SUITES = CaptionEdgesTests ChangeDetectorTests CodeOutlineTests OCRWrittenLinkTests PageReaderOrderTests \
    SearchQueryTests SubstringSnippetTests SubtitleTextTests TextSimilarityTests ByteRangeTests \
    ReadingPlanTests AtomicFileTests MediaTimeTests HostileNumbersTests CaptionConsensusTests \
    DataDetectorBehaviourTests DataDetectorKindTests MediaInfoTests ThumbnailsTests RegistrationTests \
    OpenPlayersTests HeapArenasTests PlaneViewTests SRTMarkupTests VideoDecoderTests SaturatingTimestampTests \
    ScreenReturnsTests TimestampTests UnknownDurationTests VideoIdentityTests ISBNDetectionTests \
    PlayerControlTests ProbeJSONTests CancellationTests QuickDecodingTests BottomUpVideoTests \
    TesseractLanguagesTests ProtectedNeverAnalysedTests FrameAverageTests MinimumConfidenceTests \
    ProbeFrameRateTests DocumentationTests CostLedgerTests UnsurePlacesTests RecentAnalysesTests \
    TextTracksTests
check: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter 'FrameLensTests\.($(subst $(space),|,$(strip $(CHECK_SUITES))))/'

# The Swift tests run optimised code: a debug build (in a folder of its own) whose library modules are optimised
# (FRAMELENS_OPTIMISED_DEBUG=1, Package.swift); the packages it uses and the tests' own code build unoptimised, in
# about 4 minutes on 2 cores where a release build takes 7.5, and without debug information (a fifth of the build's
# time; a failure still names its test and its expectation). Unoptimised, the per-pixel Swift the tests exercise
# runs about 6 times slower. Then the web player's test in headless Chromium (Tests/e2e/run.sh installs Chromium,
# chromium-driver and, in a venv under .build/, Selenium) against that build's server, and a package that uses the
# library by its public API only (Samples/Consumer), built in the same folder with the same flags: it reuses
# FrameLens's objects.
TEST_SWIFT = FRAMELENS_OPTIMISED_DEBUG=1 $(SWIFT)
TEST_SCRATCH = .build/test
TEST_FLAGS = -debug-info-format none
TEST_BUILD = --scratch-path $(TEST_SCRATCH) $(TEST_FLAGS)
# What waits on the network (PP-OCR's wheels, what the browser test needs) is installed while the builds keep the CPU.
test:
	@scripts/install-deps.sh --no-wheels
	{ scripts/install-deps.sh --wheels && Tests/e2e/prepare.sh; } & prepared=$$!; \
	    $(TEST_SWIFT) build $(TEST_BUILD) --build-tests && $(TEST_SWIFT) build $(TEST_BUILD) --product generate-manual; \
	    built=$$?; wait $$prepared && exit $$built
	$(TEST_SWIFT) test $(TEST_BUILD) --skip-build
	Tests/e2e/run.sh $(TEST_SCRATCH)/debug/framelens-serve
	$(TEST_SWIFT) build --package-path Samples/Consumer --scratch-path $(CURDIR)/$(TEST_SCRATCH) $(TEST_FLAGS)
	$(TEST_SCRATCH)/debug/consumer $(SAMPLE) 40

# Where the Swift tests' time goes: the 30 slowest tests, the 30 that take the most CPU, the 10 slowest suites, and
# the time spent making fixtures (scripts/test-times.sh), the tests one at a time so that each one's time is its own
# (ARGS are swift test's, e.g. ARGS="--filter Library").
test-times: deps
	$(TEST_SWIFT) build $(TEST_BUILD) --build-tests
	$(TEST_SWIFT) build $(TEST_BUILD) --product generate-manual
	FRAMELENS_OPTIMISED_DEBUG=1 scripts/test-times.sh $(TEST_BUILD) --skip-build --no-parallel $(ARGS)

# The library's documentation (DocC), into .build/plugins/Swift-DocC/outputs/FrameLens.doccarchive.
docs: deps
	$(SWIFT) package generate-documentation --target FrameLens

# Each benchmark writes its figures into Benchmarks/out/NAME.json; Benchmarks/results.py renders them into
# Benchmarks/RESULTS.md (run.sh and accuracy/run.sh do it themselves).
RENDER_RESULTS = python3 Benchmarks/results.py render

bench: build
	Benchmarks/run.sh

# serve: pause to overlay on 1080p slides and memory over 100 pauses (curl), then 100 pause/seek cycles
# in one page session in headless Chromium.
bench-serve: build
	$(SWIFT) build -c release --product framelens-serve
	Benchmarks/serve-latency.sh
	$(RENDER_RESULTS)
	E2E_SOAK=100 Tests/e2e/run.sh .build/release/framelens-serve

# OCR accuracy on slide decks and burned-in captions (Benchmarks/accuracy/README.md).
bench-accuracy: build
	Benchmarks/accuracy/run.sh

# Hardening (docs/hardening.md): the long fuzz run (FUZZ_MUTANTS mutants, FUZZ_SEED), the tests under
# AddressSanitizer and ThreadSanitizer, 10,000 seek+grab cycles in one process, and index's peak memory on a
# 2-hour video against a 10-minute one.
FUZZ_MUTANTS ?= 1000
FUZZ_SEED ?= 1
fuzz: build
	scripts/fuzz.py --mutants $(FUZZ_MUTANTS) --seed $(FUZZ_SEED) --samples

sanitize: deps
	scripts/sanitize.sh

soak: build
	$(SWIFT) build -c release --product framelens-bench
	.build/release/framelens-bench soak $(SAMPLE) 10000

bench-memory: build
	Benchmarks/index-memory.sh
	$(RENDER_RESULTS)

samples: deps
	Samples/make-lecture.sh
