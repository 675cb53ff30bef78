#!/usr/bin/env python3
"""End-to-end test of `framelens serve` in headless Chromium: Live Text on the paused frame, stepping,
the index beside the player, a file the browser cannot play, a protected one, and the search box across a
library's videos with links to a hit.

Run by Tests/e2e/run.sh, which makes the videos (Tests/e2e/make-videos.sh), starts the server and passes
its URL:  live_text_test.py URL --out DIR

Every wait is a WebDriverWait with a generous timeout (the machine may be loaded); nothing sleeps and
then asserts. A failure prints what was expected and what the page showed, and saves a screenshot.
"""

import argparse
import json
import os
import sys
import time
import traceback
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

# The slides make-videos.sh draws: 4 s each at 30 fps, the text as drawn (OCR reads it exactly at this size).
FPS = 30
SLIDE_SECONDS = 4
SLIDES = [
    ["Photosynthesis Basics", "Chlorophyll absorbs sunlight", "Leaves store glucose"],
    ["Reading List", "Notes: https://example.org/notes", "Scan the code for answers"],
    ["Volcano Geology", "Magma rises through granite", "Basalt cools into columns"],
]
# minerals.mp4, the library's other video: two slides of 4 s.
MINERALS = [
    ["Minerals Primer", "Granite holds quartz", "Feldspar weathers slowly"],
    ["Field Trip", "Visit the granite quarry", "Bring a hammer"],
]
URL = "https://example.org/notes"
QR_PAYLOAD = "https://framelens.test/qr"

READ_TIMEOUT = 90  # pause to overlay: about 1 s when idle, far more on a loaded machine or with the index running
INDEX_TIMEOUT = 300  # a 12 s video: about 1 s with the release binary, 15-60 s with the debug one
LOAD_TIMEOUT = 60
EPSILON = 1e-6  # frame times are exact (pts x time base); this is only float noise

INDEX_STATUS = "return document.getElementById('index-status').textContent"
LIBRARY_STATUS = "return document.getElementById('library-status').textContent"

# Records every overlay the page shows, with the time the video was at when it was shown, so that a stale
# overlay (one read for another frame than the one on screen) is caught whenever it happens.
RECORDER = """
document.addEventListener("DOMContentLoaded", () => {
  const overlay = document.getElementById("overlay"), video = document.getElementById("video");
  if (!overlay || !video) return;  // not the player (about:blank)
  window.__overlays = [];
  performance.setResourceTimingBufferSize(100000);  // the requests are counted; the default keeps 250
  new MutationObserver(() => {
    if (overlay.dataset.state !== "ready") return;
    window.__overlays.push({
      frameTime: Number(overlay.dataset.frameTime), currentTime: video.currentTime, paused: video.paused,
      seeking: video.seeking, stillMode: video.hidden, text: overlay.textContent,
    });
  }).observe(overlay, {attributes: true, attributeFilter: ["data-state", "data-frame-time"]});
});
"""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def slide_at(seconds):
    """The index of the slide shown at a frame time."""
    return min(len(SLIDES) - 1, int((seconds + EPSILON) // SLIDE_SECONDS))


def words(slide):
    return [w for line in SLIDES[slide] for w in line.split()]


class Page:
    def __init__(self, base, out):
        self.base = base
        self.out = out
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in [
            "--headless=new",
            "--window-size=1400,1000",
            "--autoplay-policy=no-user-gesture-required",
            "--mute-audio",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--no-first-run",
        ]:
            options.add_argument(argument)
        if os.geteuid() == 0:
            options.add_argument("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.set_script_timeout(30)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, condition, timeout, what):
        """Waits until condition(driver) is truthy and returns it; on timeout fails saying what was awaited."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(condition)
        except TimeoutException:
            raise Failure(f"timed out after {timeout} s waiting for {what() if callable(what) else what}") from None

    def open(self, video_id):
        # A new document each time (about:blank first), so that each video starts from a fresh page.
        self.driver.get("about:blank")
        self.driver.get(f"{self.base}#{video_id}")
        self.wait(
            lambda d: self.js("return !!window.__overlays && document.getElementById('videos').options.length > 0"),
            LOAD_TIMEOUT,
            "the page to list the videos",
        )

    def notice(self, what):
        """Waits for the page's notice and returns its text."""
        return self.wait(
            lambda d: self.js("const n = document.getElementById('notice'); return !n.hidden && n.textContent"),
            LOAD_TIMEOUT,
            f"the notice {what}",
        )

    def open_playable(self, video_id):
        """Opens a video and waits until the browser has its first frame."""
        self.open(video_id)
        self.wait(lambda d: self.js("return document.getElementById('video').readyState >= 2"), LOAD_TIMEOUT, "video")

    def state(self):
        return self.js("""
            const o = document.getElementById("overlay"), v = document.getElementById("video");
            const frameTime = o.dataset.frameTime === undefined ? null : Number(o.dataset.frameTime);
            return {state: o.dataset.state, frameTime,
                    text: o.textContent, currentTime: v.currentTime, paused: v.paused, seeking: v.seeking,
                    status: document.getElementById("status").textContent};""")

    def wait_overlay(self, what, accept=lambda s: True):
        """Waits for a ready overlay that `accept` takes, and returns the page's state then."""

        def ready(_):
            s = self.state()
            return s if s["state"] == "ready" and accept(s) else False

        return self.wait(ready, READ_TIMEOUT, lambda: f"#overlay[data-state=ready] {what} (last state: {self.state()})")

    def keys(self, *keys):
        # Keys go to the document (the page's shortcuts), not to a focused control.
        self.js("document.activeElement && document.activeElement.blur()")
        ActionChains(self.driver).send_keys(*keys).perform()

    def selection_text(self):
        return self.js("""
            const selection = window.getSelection();
            selection.selectAllChildren(document.getElementById("overlay"));
            const text = selection.toString();
            selection.removeAllRanges();
            return text;""")

    def analysis_requests(self):
        return self.js(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/analysis?')).length"
        )

    def screenshot(self, name):
        path = os.path.join(self.out, name)
        self.driver.save_screenshot(path)
        return path

    def console(self):
        try:
            return [f"{e['level']}: {e['message']}" for e in self.driver.get_log("browser")]
        except Exception:  # noqa: BLE001 - the log is only for the report
            return []


def listed_slides(page, at_least, timeout, what):
    """The slides listed beside the player, once there are at least `at_least`: each's start and text."""
    return page.wait(
        lambda d: page.js(f"""
        const items = [...document.querySelectorAll("#cues li")];
        return items.length >= {at_least} && items.map((li) => ({{start: Number(li.dataset.start), text: li.textContent}}));"""),
        timeout,
        lambda: f"{what} (#index-status: {page.js(INDEX_STATUS)!r})",
    )


def api(base, path):
    with urllib.request.urlopen(base.rstrip("/") + path, timeout=120) as response:
        return response.status, json.load(response)


# MARK: - Checks


def check_slide_text(page, slide, state):
    text = page.selection_text()
    missing = [w for w in words(slide) if w.lower() not in text.lower()]
    check(not missing, f"the overlay's selectable text lacks {missing} of slide {slide + 1}; selected: {text!r}")
    for other in range(len(SLIDES)):
        if other != slide:
            check(
                SLIDES[other][0].split()[0] not in text,
                f"the overlay at {state['frameTime']} s shows slide {other + 1}'s words: {text!r}",
            )
    lines = page.js("""
        return [...document.querySelectorAll("#overlay .line")].map((line) => {
          const style = getComputedStyle(line), r = line.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {text: line.textContent, userSelect: style.userSelect || style.webkitUserSelect,
                  visibility: style.visibility, hit: !!hit && line.contains(hit)};
        });""")
    check(lines, "the overlay has no .line spans")
    for line in lines:
        check(line["userSelect"] != "none", f"the line {line['text']!r} has user-select: none")
        check(line["visibility"] == "visible", f"the line {line['text']!r} is not visible ({line['visibility']})")
        check(
            line["hit"],
            f"the line {line['text']!r} is covered by something else at its centre, so it cannot be selected",
        )


def check_geometry(page, video_id, state, wait=False):
    """The overlay's lines cover the text the server found, where the picture shows it.

    With `wait`, the layout may still be catching up (a resize): the check is repeated until it holds.
    """
    # Asked while the page is idle (its overlay is ready), so that this request overtakes none of the page's.
    status, analysis = api(page.base, f"/api/videos/{video_id}/analysis?t={state['frameTime']!r}")
    check(status == 200, f"the analysis API answered {status}")
    expected = [line["bounds"]["normalized"] for block in analysis["text"]["blocks"] for line in block["lines"]]
    if wait:

        def holds(_):
            try:
                compare_geometry(page, expected)
                return True
            except Failure:
                return False

        try:
            page.wait(holds, LOAD_TIMEOUT, "the overlay to follow the picture")
        except Failure:
            pass  # the check below says how it differs
    compare_geometry(page, expected)


def compare_geometry(page, expected):
    found = page.js("""
        const video = document.getElementById("video");
        const picture = video.hidden ? document.getElementById("still") : video;
        const p = picture.getBoundingClientRect();
        const w = picture.videoWidth || picture.naturalWidth, h = picture.videoHeight || picture.naturalHeight;
        const scale = Math.min(p.width / w, p.height / h);
        const left = p.left + (p.width - w * scale) / 2, top = p.top + (p.height - h * scale) / 2;
        return [...document.querySelectorAll("#overlay .line")].map((line) => {
          // Across: where the glyphs are (the text itself, as selected); down: the line's box.
          const range = document.createRange();
          range.selectNodeContents(line);
          const t = range.getBoundingClientRect(), r = line.getBoundingClientRect();
          return {x: (t.left - left) / (w * scale), y: (r.top - top) / (h * scale),
                  width: t.width / (w * scale), height: r.height / (h * scale), text: line.textContent};
        });""")
    check(len(found) == len(expected), f"{len(found)} overlay lines for the {len(expected)} lines the server read")
    for box, line in zip(expected, found):
        for key in ("x", "y", "width", "height"):
            check(
                abs(box[key] - line[key]) < 0.015,
                f"the line {line['text']!r} is laid out at {key}={line[key]:.4f} of the picture, "
                f"the text is at {box[key]:.4f}: {line} vs {box}",
            )


def check_recorded_overlays(page, fps):
    """No overlay ever showed another frame than the one on screen (the stale rule, end to end)."""
    records = page.js("return window.__overlays || []")
    for r in records:
        if r["stillMode"]:
            continue
        check(r["paused"] and not r["seeking"], f"an overlay was shown while the video was not paused: {r}")
        check(
            r["frameTime"] <= r["currentTime"] + EPSILON and r["currentTime"] - r["frameTime"] < 1 / fps + EPSILON,
            f"an overlay for the frame at {r['frameTime']} s was shown while the video was at "
            f"{r['currentTime']} s: {r}",
        )
        slide = slide_at(r["frameTime"])
        check(SLIDES[slide][0] in r["text"], f"an overlay at {r['frameTime']} s does not show slide {slide + 1}: {r}")
    return len(records)


def frame_of(seconds, fps):
    return round(seconds * fps)


# MARK: - The scenarios


def playable(page, video, shots):
    fps = video["frameRate"]
    check(abs(fps - FPS) < 1e-9, f"/api/videos says {fps} fps, the video has {FPS}")
    page.open(video["id"])
    page.wait(
        lambda d: page.js("const v = document.getElementById('video'); return v.readyState >= 2 && !v.error"),
        LOAD_TIMEOUT,
        "the browser to load slides.mp4 (readyState >= 2)",
    )
    check(page.js("return document.getElementById('notice').hidden"), "a notice shows for a playable video")

    # Play from inside slide 2, then pause with the space bar as a person would.
    page.js("const v = document.getElementById('video'); v.currentTime = 4.2; v.play();")
    page.wait(
        lambda d: page.js("const v = document.getElementById('video'); return !v.paused && v.currentTime > 4.3"),
        LOAD_TIMEOUT,
        "the video to play",
    )
    page.js("""
        const v = document.getElementById("video");
        v.addEventListener("pause", (event) => { window.pausedAt = event.timeStamp; }, {once: true});""")
    page.keys(" ")
    page.wait(
        lambda d: page.js("return document.getElementById('video').paused"), LOAD_TIMEOUT, "space to pause the video"
    )
    s = page.wait_overlay("after pausing")
    # A pause (no seek pending) is read at once, not after the delay that lets scrubbing settle.
    asked = page.js("""
        return performance.getEntriesByType("resource").filter(e => e.name.includes("/analysis?"))
            .map(e => e.startTime - window.pausedAt).filter(d => d >= 0)[0];""")
    check(asked is not None and asked < 100, f"the paused frame was asked for {asked} ms after the pause, not at once")
    check(
        s["currentTime"] < 2 * SLIDE_SECONDS,
        f"the video played past slide 2 before it paused (at {s['currentTime']} s)",
    )
    check(
        s["frameTime"] <= s["currentTime"] + EPSILON and s["currentTime"] - s["frameTime"] < 1 / fps + EPSILON,
        f"the overlay is for the frame at {s['frameTime']} s, the video shows {s['currentTime']} s",
    )
    check_slide_text(page, 1, s)
    check_geometry(page, video["id"], s)
    links = page.js(
        "return [...document.querySelectorAll('#overlay a')].map(a => [a.getAttribute('href'), a.textContent])"
    )
    check([URL, URL] in links, f"the URL is not a link in the overlay: links are {links}")
    codes = page.js("return [...document.querySelectorAll('#overlay .code')].map(c => c.textContent)")
    check(any(QR_PAYLOAD in c for c in codes), f"the QR code's payload is not shown in the overlay: codes are {codes}")
    found = page.js("return document.getElementById('found').textContent")
    check(QR_PAYLOAD in found and URL in found, f"#found lacks the URL or the QR payload: {found!r}")
    check(page.js("return !document.getElementById('copy-all').disabled"), "Copy all is disabled on a slide with text")
    shots.append(page.screenshot("live-text.png"))

    # Seek while paused to slide 3: the overlay changes, and is never slide 2's words for the new time.
    page.js("document.getElementById('video').currentTime = 9.0")
    s = page.wait_overlay("for slide 3 after seeking", lambda s: abs(s["currentTime"] - 9.0) < EPSILON)
    check(abs(s["frameTime"] - 9.0) < EPSILON, f"at 9 s the overlay is for the frame at {s['frameTime']} s")
    check_slide_text(page, 2, s)

    # Scrubbing: several seeks in a row; only the last position is read, and its overlay is the right slide.
    before = page.analysis_requests()
    page.js("""
        const v = document.getElementById("video"), times = [1.0, 5.0, 9.5, 2.5];
        times.forEach((t, i) => setTimeout(() => { v.currentTime = t; }, i * 40));""")
    s = page.wait_overlay("after scrubbing to 2.5 s", lambda s: abs(s["currentTime"] - 2.5) < EPSILON)
    check_slide_text(page, 0, s)
    asked = page.analysis_requests() - before
    check(asked < 4, f"4 quick seeks asked for {asked} analyses: scrubbing is not debounced")

    # Frame stepping: from the last frame of slide 2, `.` shows the first of slide 3, `,` goes back.
    last = 2 * SLIDE_SECONDS - 1 / fps
    page.js("document.getElementById('video').currentTime = arguments[0]", last + 0.5 / fps)
    s = page.wait_overlay("on the last frame of slide 2", lambda s: abs(s["frameTime"] - last) < 1e-3)
    start = s["frameTime"]
    check_slide_text(page, 1, s)
    page.keys(".")
    s = page.wait_overlay("after `.`", lambda s: s["frameTime"] != start)
    check(
        abs(s["frameTime"] - start - 1 / fps) < EPSILON,
        f"`.` moved from {start} s to {s['frameTime']} s, not one frame ({1 / fps} s)",
    )
    check(
        f"Frame {frame_of(start, fps) + 1} " in s["status"], f"the status does not name the next frame: {s['status']!r}"
    )
    check(s["paused"], "the video plays after `.`")
    check_slide_text(page, 2, s)
    page.keys(",")
    s = page.wait_overlay("after `,`", lambda s: abs(s["frameTime"] - start) < 1e-3)
    check(abs(s["frameTime"] - start) < EPSILON, f"`,` moved to {s['frameTime']} s, not back to {start} s")
    check_slide_text(page, 1, s)
    # Pressed twice before the first read comes back, a key still moves one frame.
    page.keys(".", ".")
    s = page.wait_overlay("after `.` twice", lambda s: s["frameTime"] != start)
    check(
        abs(s["frameTime"] - start - 2 / fps) < EPSILON,
        f"`.` twice moved from {start} s to {s['frameTime']} s, not two frames ({2 / fps} s)",
    )
    page.keys(",", ",", ",")
    s = page.wait_overlay("after `,` three times", lambda s: s["frameTime"] < start)
    check(
        abs(s["frameTime"] - (start - 1 / fps)) < EPSILON,
        f"`,` three times moved from {start + 2 / fps} s to {s['frameTime']} s, not three frames back",
    )

    # Live Text off hides the overlay; a frame read meanwhile is laid out right once it is turned on again.
    page.driver.find_element(By.ID, "live-text").click()
    page.wait(
        lambda d: not d.find_element(By.ID, "overlay").is_displayed(), LOAD_TIMEOUT, "Live Text off to hide the overlay"
    )
    page.js("document.getElementById('video').currentTime = 5.5")
    s = page.wait_overlay("read at 5.5 s with Live Text off", lambda s: abs(s["currentTime"] - 5.5) < EPSILON)
    page.driver.find_element(By.ID, "live-text").click()
    page.wait(
        lambda d: d.find_element(By.ID, "overlay").is_displayed(), LOAD_TIMEOUT, "Live Text on to show the overlay"
    )
    check_slide_text(page, 1, s)
    check_geometry(page, video["id"], s)

    # The overlay follows the picture when the window is resized.
    page.driver.set_window_size(1000, 800)
    page.wait(
        lambda d: page.js("const r = document.getElementById('video').getBoundingClientRect(); return r.width < 900"),
        LOAD_TIMEOUT,
        "the player to shrink with the window",
    )
    check_geometry(page, video["id"], page.state(), wait=True)
    page.driver.set_window_size(1400, 1000)

    # The index: slides listed with their times, a search filters them, a click jumps there, paused.
    cues = listed_slides(page, 3, INDEX_TIMEOUT, "the index")
    check(len(cues) == 3, f"the index has {len(cues)} cues, the video 3 slides: {cues}")
    for i, cue in enumerate(cues):
        check(
            abs(cue["start"] - i * SLIDE_SECONDS) < 1e-3,
            f"cue {i + 1} starts at {cue['start']} s, not {i * SLIDE_SECONDS} s",
        )
        check(SLIDES[i][0] in cue["text"], f"cue {i + 1} does not read {SLIDES[i][0]!r}: {cue['text']!r}")
    search = page.driver.find_element(By.ID, "search")
    for query, slide in [("volcano", 2), ("EXAMPLE.ORG notes", 1), ("photosynthesis glucose", 0)]:
        search.clear()
        search.send_keys(query)
        shown = page.wait(
            lambda d: page.js("""
            const shown = [...document.querySelectorAll("#cues li")].filter((li) => !li.hidden);
            return shown.length === 1 && shown.map((li) => li.textContent);"""),
            LOAD_TIMEOUT,
            f"the search {query!r} to leave one slide",
        )
        check(SLIDES[slide][0] in shown[0], f"the search {query!r} left {shown[0]!r}, not slide {slide + 1}")
        status = page.js("return document.getElementById('index-status').textContent")
        check("1 of 3" in status, f"the index status after searching {query!r} says {status!r}")
    search.clear()
    search.send_keys("no such words")
    page.wait(
        lambda d: page.js("return [...document.querySelectorAll('#cues li')].every((li) => li.hidden)"),
        LOAD_TIMEOUT,
        "a search that matches nothing to hide every slide",
    )
    search.clear()
    search.send_keys("reading")
    page.wait(
        lambda d: page.js("return [...document.querySelectorAll('#cues li')].filter((li) => !li.hidden).length === 1"),
        LOAD_TIMEOUT,
        "the search 'reading' to leave one slide",
    )
    page.js("document.getElementById('video').play()")  # a click on a cue pauses a playing video too
    page.driver.find_element(By.CSS_SELECTOR, "#cues li:not([hidden]) button").click()
    s = page.wait_overlay("after clicking the cue of slide 2", lambda s: abs(s["currentTime"] - SLIDE_SECONDS) < 1e-3)
    check(s["paused"], "the video is not paused after clicking a cue")
    check(abs(s["frameTime"] - SLIDE_SECONDS) < EPSILON, f"the cue at 4 s shows the frame at {s['frameTime']} s")
    check_slide_text(page, 1, s)
    current = page.js("return [...document.querySelectorAll('#cues li.current')].map((li) => li.textContent)")
    check(
        len(current) == 1 and SLIDES[1][0] in current[0],
        f"the slide shown is not marked current in the list: {current}",
    )
    shots.append(page.screenshot("index-jump.png"))

    # Clean slides are read surely: none is marked for review. A cue read with a low mean word confidence is
    # (the list drawn from a made-up index, then from the video's own again).
    marked = page.js("return document.querySelectorAll('#cues li.review').length")
    check(marked == 0, f"{marked} cues of clean slides are marked for review")
    marks = page.js("""
        showCues([{start: 0, end: 1, text: "blurry", confidence: 42.5}, {start: 1, end: 2, text: "sharp", confidence: 96}]);
        return [...document.querySelectorAll("#cues li")].map((li) => ({
            review: li.classList.contains("review"), title: li.querySelector("button").title,
            badge: li.querySelector(".review-mark") ? li.querySelector(".review-mark").textContent : null}));""")
    check(
        marks == [
            {"review": True, "title": "Read with 42.5 % confidence (below 80 %): check the text", "badge": "check"},
            {"review": False, "title": "", "badge": None},
        ],
        f"the review marks of cues read with 42.5 % and 96 % confidence: {marks}",
    )
    page.js("loadIndex(current)")
    page.wait(
        lambda d: page.js("return document.querySelectorAll('#cues li').length === 3"), INDEX_TIMEOUT, "the index again"
    )

    # Another client (a tab, a script) asks the server for a frame of this video while the page reads one:
    # the stale rule is per client, so the page's reading is not dropped for it (it was, with 409, before).
    page.js("""
        const original = window.fetch;
        window.__statuses = [];
        window.fetch = async (url, ...rest) => {
          const pending = original(url, ...rest);
          if (String(url).includes("/analysis?") && !window.__overtaken) {
            window.__overtaken = true;
            setTimeout(() => original(String(url).replace(/t=[^&]*/, "t=11").replace(/client=[^&]*/, "client=other")), 20);
          }
          const response = await pending;
          if (String(url).includes("/analysis?")) window.__statuses.push(response.status);
          return response;
        };
        document.getElementById("video").currentTime = 1.0;""")
    s = page.wait_overlay(
        "at 1 s, read while another client asked for 11 s", lambda s: abs(s["currentTime"] - 1.0) < EPSILON
    )
    check_slide_text(page, 0, s)
    statuses = page.js("return window.__statuses")
    check(statuses == [200], f"the page's reading at 1 s, while another client read 11 s, answered {statuses}")

    count = check_recorded_overlays(page, fps)
    check(count >= 10, f"only {count} overlays were recorded")
    return count


def unplayable(page, video, shots):
    page.open(video["id"])
    notice = page.notice("that the browser cannot play slides.avi")
    check("cannot play" in notice, f"the notice for slides.avi says {notice!r}")
    page.wait(
        lambda d: page.js("""
        const still = document.getElementById("still");
        return !still.hidden && still.complete && still.naturalWidth === 1280 && still.src.includes("/frame?t=");"""),
        LOAD_TIMEOUT,
        "#still to show the server's frame",
    )
    check(page.js("return document.getElementById('video').hidden"), "the blank <video> is still shown")
    check(page.js("return !document.getElementById('still-controls').hidden"), "no scrubber for the server's frames")
    s = page.wait_overlay("on the server's frame")
    check_slide_text(page, 0, s)
    # Scrub to slide 2: the server's frame and its Live Text follow.
    page.js("const scrub = document.getElementById('scrub'); scrub.value = 5; scrub.dispatchEvent(new Event('input'));")
    s = page.wait_overlay("at 5 s on the server's frame", lambda s: abs(s["frameTime"] - 5.0) < EPSILON)
    check_slide_text(page, 1, s)
    check(
        page.js("return document.getElementById('still').src.endsWith('/frame?t=5')"),
        "#still does not show the frame at 5 s",
    )
    page.keys(".")
    s = page.wait_overlay("after `.` on the server's frame", lambda s: s["frameTime"] != 5.0)
    check(abs(s["frameTime"] - 5.0 - 1 / FPS) < EPSILON, f"`.` moved from 5 s to {s['frameTime']} s")
    page.wait(
        lambda d: page.js("const s = document.getElementById('still'); return s.complete && s.naturalWidth === 1280"),
        LOAD_TIMEOUT,
        "the stepped frame to load",
    )
    cues = [c["text"] for c in listed_slides(page, 3, INDEX_TIMEOUT, "the index of slides.avi")]
    check(any(SLIDES[2][0] in c for c in cues), f"the index of slides.avi lacks slide 3: {cues}")
    page.driver.find_elements(By.CSS_SELECTOR, "#cues li button")[2].click()
    s = page.wait_overlay("after clicking slide 3's cue", lambda s: abs(s["frameTime"] - 8.0) < EPSILON)
    check_slide_text(page, 2, s)
    shots.append(page.screenshot("unplayable.png"))


def protected(page, video, shots):
    check(video["protected"], f"/api/videos does not say protected.mp4 is protected: {video}")
    page.open(video["id"])
    notice = page.notice("that protected.mp4 is protected")
    check("protected" in notice, f"the notice for protected.mp4 says {notice!r}")
    check(
        page.js(
            "return document.getElementById('video').hidden && !document.getElementById('video').getAttribute('src')"
        ),
        "the player still tries to play the protected video",
    )
    index = page.js("return document.getElementById('index-status').textContent")
    check("protected" in index, f"the index says {index!r}, not that the video is protected")
    shots.append(page.screenshot("protected.png"))


def display_geometry(page, video, shots):
    """A rotated or anamorphic video: the browser shows the picture with the same shape as the server's
    displayed frame (rotation and pixel aspect applied), and the overlay lies over its words."""
    page.open_playable(video["id"])
    page.js("const v = document.getElementById('video'); v.pause(); v.currentTime = 5.0;")
    s = page.wait_overlay(f"on {video['name']} at 5 s", lambda s: abs(s["currentTime"] - 5.0) < EPSILON)
    check_slide_text(page, 1, s)
    status, analysis = api(page.base, f"/api/videos/{video['id']}/analysis?t=5")
    check(status == 200, f"the analysis API answered {status}")
    shown = page.js("const v = document.getElementById('video'); return [v.videoWidth, v.videoHeight]")
    check(
        abs(shown[0] / shown[1] - analysis["width"] / analysis["height"]) < 0.01,
        f"the browser shows {video['name']} as {shown[0]}x{shown[1]}, the server's displayed frame is "
        f"{analysis['width']}x{analysis['height']}",
    )
    check_geometry(page, video["id"], s)
    shots.append(page.screenshot(f"geometry-{video['id']}.png"))
    return 0


HITS = """
    return [...document.querySelectorAll("#hits .hit-group")].map((group) => ({
      video: group.dataset.video, title: group.querySelector("h3").textContent,
      hits: [...group.querySelectorAll("li")].map((li) => ({
        time: Number(li.dataset.time), text: li.textContent,
        marks: [...li.querySelectorAll(".snippet mark")].map((m) => m.textContent),
        elements: [...li.querySelectorAll(".snippet *")].map((e) => e.tagName),
        thumbnail: (() => { const img = li.querySelector("img.thumbnail");
                            return img && {src: img.getAttribute("src"), complete: img.complete, width: img.naturalWidth}; })(),
      })),
    }));"""


def check_words(page, lines, at):
    text = page.selection_text().lower()
    missing = [w for line in lines for w in line.split() if w.lower() not in text]
    check(not missing, f"the overlay at {at} lacks {missing}; selected: {text!r}")


def library_search(page, video, shots):
    """The search box across the library's two videos: a query's hits grouped by video with thumbnails and
    marked words, a click opens the hit's video paused at its frame with Live Text and puts its link in the
    URL, and that link, loaded, opens it again."""
    page.open_playable(video["id"])
    page.wait(lambda d: page.js("return !document.getElementById('library').hidden"), LOAD_TIMEOUT, "the library's search box")
    placeholder = page.js("return document.getElementById('library-search').placeholder")
    check(placeholder == "Search 3 videos", f"the library's search box says {placeholder!r}")
    status, expected = api(page.base, "/api/search?q=granite&limit=50")
    check(status == 200, f"/api/search answered {status}")
    by_video = {}
    for hit in expected:
        by_video.setdefault(hit["videoID"], []).append(hit["time"])
    check(
        set(by_video) == {"slides-mp4", "minerals-mp4"} and len(by_video["minerals-mp4"]) == 2,
        f"the library's hits for granite are not slide 3 of slides.mp4 and both of minerals.mp4: {expected}",
    )

    box = page.driver.find_element(By.ID, "library-search")
    box.send_keys("granite")
    groups = page.wait(
        lambda d: (lambda g: len(g) == 2 and all(h["thumbnail"]["complete"] for x in g for h in x["hits"]) and g)(
            page.js(HITS)
        ),
        INDEX_TIMEOUT,
        lambda: f"two groups of hits with their thumbnails (#library-status: {page.js(LIBRARY_STATUS)!r})",
    )
    check(
        [g["video"] for g in groups] == list(dict.fromkeys(h["videoID"] for h in expected)),
        f"the groups are not the videos in the order of their best hit: {[g['video'] for g in groups]}",
    )
    for group in groups:
        name = "slides.mp4" if group["video"] == "slides-mp4" else "minerals.mp4"
        check(group["title"] == name, f"the group of {group['video']} is titled {group['title']!r}")
        times = [h["time"] for h in group["hits"]]
        check(times == by_video[group["video"]], f"{name}'s hits are at {times}, the API says {by_video[group['video']]}")
        for hit in group["hits"]:
            check(hit["marks"] == ["granite"] or hit["marks"] == ["Granite"], f"the hit's marked words are {hit['marks']}")
            check(set(hit["elements"]) == {"MARK"}, f"the snippet holds elements other than <mark>: {hit['elements']}")
            thumbnail = hit["thumbnail"]
            check(thumbnail["width"] == 320, f"the thumbnail {thumbnail['src']} is {thumbnail['width']} px wide")
            path, _, t = thumbnail["src"].partition("?t=")
            check(
                path == f"/api/videos/{group['video']}/thumbnail" and abs(float(t) - hit["time"]) < EPSILON,
                f"the thumbnail of the hit at {hit['time']} s is {thumbnail['src']}",
            )
    status_text = page.js(LIBRARY_STATUS)
    check(status_text == f"{len(expected)} hits in 2 videos", f"#library-status says {status_text!r}")
    shots.append(page.screenshot("library-search.png"))

    # A click on minerals.mp4's hit in its second slide opens that video, paused at that frame, read.
    target = next(t for t in by_video["minerals-mp4"] if t >= SLIDE_SECONDS)
    buttons = page.driver.find_elements(By.CSS_SELECTOR, '#hits .hit-group[data-video="minerals-mp4"] li button')
    buttons[by_video["minerals-mp4"].index(target)].click()
    s = page.wait_overlay(
        f"on minerals.mp4 at {target} s after clicking its hit",
        lambda s: abs(s["currentTime"] - target) < 1e-3 and s["frameTime"] is not None,
    )
    check(s["paused"], "the video plays after a hit was clicked")
    check(abs(s["frameTime"] - target) < EPSILON, f"the hit at {target} s shows the frame at {s['frameTime']} s")
    chosen = page.js("return document.getElementById('videos').value")
    check(chosen == "minerals-mp4", f"the player shows {chosen}, not the hit's video")
    check_words(page, MINERALS[1], f"minerals.mp4 {target} s")
    link = page.wait(
        lambda d: (lambda h: h.startswith("#video=minerals-mp4&t=") and h)(page.js("return location.hash")),
        LOAD_TIMEOUT,
        "the URL to link to the hit",
    )
    check(abs(float(link.split("t=")[1]) - target) < EPSILON, f"the URL {link} does not link to {target} s")
    # Its slides, beside the player, are the library's cues: listed without indexing the video again.
    cues = listed_slides(page, 2, LOAD_TIMEOUT, "minerals.mp4's slides")
    check([round(c["start"], 3) for c in cues] == [0, SLIDE_SECONDS], f"minerals.mp4's slides start at {cues}")
    check(all(lines[0] in c["text"] for c, lines in zip(cues, MINERALS)), f"minerals.mp4's slides read {cues}")
    status, index = api(page.base, "/api/videos/minerals-mp4/index")
    source = index.get("source")
    check(status == 200 and source == "library", f"minerals.mp4's slides come from {source}, not the library")
    shots.append(page.screenshot("library-hit.png"))

    # The link, loaded in a fresh page, opens that video paused at that frame again; so does one typed by hand.
    for hash_, name, at, lines in [(link, "minerals-mp4", target, MINERALS[1]), ("#video=slides-mp4&t=9.5", "slides-mp4", 9.5, SLIDES[2])]:
        page.driver.get("about:blank")
        page.driver.get(page.base + hash_)
        s = page.wait_overlay(f"after loading {hash_}", lambda s, at=at: abs(s["currentTime"] - at) < 1e-3)
        check(s["paused"], f"{hash_} opened the video playing")
        chosen = page.js("return document.getElementById('videos').value")
        check(chosen == name, f"{hash_} opened {chosen}")
        check_words(page, lines, hash_)

    # What a user typed is found as typed: a part of a Japanese word, an e-mail address (the imported notes,
    # whose video is not served: their hit is listed, not openable).
    for query, mark in [("キーボード", "キーボード"), ("hpages.on.github@gmail.com", "hpages.on.github@gmail.com")]:
        box = page.driver.find_element(By.ID, "library-search")
        box.clear()
        box.send_keys(query, Keys.ENTER)
        # The previous query's hit (the same video) stays listed until this one's answer replaces it.
        page.wait(
            lambda d: (lambda g: len(g) == 1 and g[0]["title"] == "notes.mp4" and len(g[0]["hits"]) == 1
                       and g[0]["hits"][0]["marks"] == [mark])(page.js(HITS)),
            LOAD_TIMEOUT,
            lambda: f"one hit for {query!r} marking {mark!r} (hits: {page.js(HITS)!r}, #library-status: {page.js(LIBRARY_STATUS)!r})",
        )

    # A query that is not FTS5 syntax is text until the FTS5 switch is on; then it says so, and shows no hits.
    box = page.driver.find_element(By.ID, "library-search")
    box.clear()
    box.send_keys('"granite', Keys.ENTER)
    page.wait(lambda d: len(page.js(HITS)) == 2, LOAD_TIMEOUT, "the hits for '\"granite' as text")
    page.driver.find_element(By.ID, "library-fts5").click()
    message = page.wait(
        lambda d: (lambda t: "not FTS5 syntax" in t and t)(page.js(LIBRARY_STATUS)), LOAD_TIMEOUT, "the query's error"
    )
    check("unterminated string" in message, f"#library-status says {message!r}")
    check(page.js("return document.querySelectorAll('#hits li').length") == 0, "hits are shown for a bad query")
    return 0


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def soak(page, video, cycles, server_pid):
    """Pause/seek cycles in one page session: every overlay is for the frame on screen, and the server's
    memory stays flat (growth under 5 % from cycle 10 to the last). Every third cycle seeks twice at once,
    as a scrubbing hand does, so that readings are overtaken."""
    import random

    rng = random.Random(7)
    page.open_playable(video["id"])
    fps = video["frameRate"]
    duration = video["duration"]
    before = None
    began = time.monotonic()
    for cycle in range(cycles):
        target = round(rng.uniform(0, duration - 0.1), 3)
        if cycle % 3 == 2:
            page.js("document.getElementById('video').currentTime = arguments[0]", round(rng.uniform(0, duration - 0.1), 3))
        page.js("const v = document.getElementById('video'); v.pause(); v.currentTime = arguments[0];", target)
        page.wait_overlay(f"cycle {cycle + 1} at {target} s", lambda s, t=target: abs(s["currentTime"] - t) < 1e-3)
        if cycle == 9:
            before = resident_kib(server_pid)
    after = resident_kib(server_pid)
    count = check_recorded_overlays(page, fps)
    check(count >= cycles, f"only {count} overlays were recorded in {cycles} cycles")
    growth = (after - before) * 100 / before
    print(f"   {cycles} pause/seek cycles in {time.monotonic() - began:.1f} s; server memory "
          f"{before / 1024:.1f} MiB after 10, {after / 1024:.1f} MiB after {cycles} ({growth:+.1f} %)")
    check(growth < 5, f"the server's memory grew {growth:.1f} % over {cycles} cycles")
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("url", help="the page's URL, as framelens-serve prints it")
    parser.add_argument("--out", required=True, help="a folder for the screenshots")
    parser.add_argument("--soak", type=int, default=0, help="then this many pause/seek cycles (a benchmark)")
    parser.add_argument("--server-pid", type=int, help="the server's process, for its memory in --soak")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    status, videos = api(args.url, "/api/videos")
    by_name = {v["name"]: v for v in videos}
    missing = {"slides.mp4", "slides.avi", "protected.mp4", "rotated.mp4", "anamorphic.mp4", "minerals.mp4"} - by_name.keys()
    if missing:
        print(f"FAIL: the server does not serve {sorted(missing)} (it lists {sorted(by_name)})", file=sys.stderr)
        return 1

    started = time.monotonic()
    page = Page(args.url, args.out)
    shots = []
    step = "starting"
    try:
        scenarios = [
            ("the playable video", playable, "slides.mp4"),
            ("the video the browser cannot play", unplayable, "slides.avi"),
            ("the protected video", protected, "protected.mp4"),
            ("a rotated video (display matrix)", display_geometry, "rotated.mp4"),
            ("an anamorphic video (4:3 pixels)", display_geometry, "anamorphic.mp4"),
            ("the search across the library's videos", library_search, "slides.mp4"),
        ]
        if args.soak:
            soaking = lambda page, video, shots: soak(page, video, args.soak, args.server_pid)  # noqa: E731
            scenarios.append((f"{args.soak} pause/seek cycles", soaking, "slides.mp4"))
        for step, scenario, name in scenarios:
            began = time.monotonic()
            result = scenario(page, by_name[name], shots)
            extra = f", {result} overlays checked for staleness" if result else ""
            print(f"ok: {step} ({name}) in {time.monotonic() - began:.1f} s{extra}")
    except (Failure, Exception) as error:  # noqa: BLE001 - any error fails the test with what the page showed
        print(f"FAIL: {step}: {error}", file=sys.stderr)
        if not isinstance(error, Failure):
            traceback.print_exc()
        try:
            print(f"page state: {page.state()}", file=sys.stderr)
            print(f"screenshot: {page.screenshot('failure.png')}", file=sys.stderr)
        except Exception:  # noqa: BLE001
            pass
        for line in page.console():
            print(f"console {line}", file=sys.stderr)
        return 1
    finally:
        page.driver.quit()
    for shot in shots:
        print(f"screenshot: {shot}")
    print(f"ok: all checks passed in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
