// FrameLens web player: Live Text on the paused frame, read by the server's FFmpeg player and analyzer.
"use strict";

const $ = (id) => document.getElementById(id);
const video = $("video"), still = $("still"), overlay = $("overlay"), stage = $("stage");
const SETTLE_MS = 250;  // scrubbing: read only once seeking has stopped this long (a pause is read at once)
// This page, for the server's stale rule: a reading overtaken by a newer request from this page is dropped.
const CLIENT = Math.random().toString(36).slice(2, 12);

let catalog = [];       // the served videos, as /api/videos lists them
let current = null;     // the chosen video
let pendingTime = null; // where to pause the chosen video once it has loaded (a link's or a hit's time)
let stillMode = false;  // the browser cannot play the file: frames come from /frame
let stillTime = 0;      // the time shown in still mode
let request = 0;        // the latest analysis asked for; an answer to an older one is discarded
let shown = null;       // the analysis in the overlay
let settle = null;
let stepTarget = null;  // the frame the last `,`/`.` went to, until its reading is shown or the video moves otherwise
let stepSeek = null;    // the time that step seeked to

// MARK: - Choosing a video

async function start() {
  catalog = await fetchJSON("/api/videos");
  for (const v of catalog) $("videos").append(new Option(v.name, v.id));
  $("videos").onchange = () => openAt($("videos").value, null);
  const link = parseLink(location.hash);
  openAt(link.video, link.t);
  window.addEventListener("hashchange", () => {
    const link = parseLink(location.hash);
    openAt(link.video, link.t);
  });
}

/// The video and time a URL's hash names: `#video=ID&t=SECONDS` (t optional), or `#ID`.
function parseLink(hash) {
  const text = hash.replace(/^#/, "");
  if (!text.includes("=")) {
    try { return {video: decodeURIComponent(text), t: null}; } catch { return {video: text, t: null}; }  // a stray %
  }
  const fields = new URLSearchParams(text);
  const t = fields.has("t") ? Number(fields.get("t")) : NaN;
  return {video: fields.get("video"), t: Number.isFinite(t) && t >= 0 ? t : null};
}

/// Puts the link to the video, and to the frame at `t` if given, in the URL (to copy, or to reload).
function showLink(v, t) {
  const time = t === null ? "" : `&t=${t}`;
  history.replaceState(null, "", `#video=${encodeURIComponent(v.id)}${time}`);
}

/// Opens a video (the first when the id is unknown), paused at `t` once it has loaded if given.
function openAt(id, t) {
  const v = catalog.find((v) => v.id === id) || catalog[0];
  $("videos").value = v.id;
  if (v !== current) return choose(v, t);
  showLink(v, t);
  if (t === null || v.protected) return;
  if (stillMode || video.readyState >= 1) seekTo(t); else pendingTime = t;
}

async function choose(v, t = null) {
  current = v;
  pendingTime = t;
  request++;
  clearOverlay();
  stillMode = false;
  $("notice").hidden = true;
  $("still-controls").hidden = true;
  still.hidden = true;
  showLink(v, t);
  if (v.streams === undefined) {  // a library's video, listed before it was probed: the server probes it now
    let response, body;
    try {
      response = await fetch(`/api/videos/${encodeURIComponent(v.id)}`);
      body = await response.json();
    } catch (error) {
      body = {error: error.message};
    }
    if (current !== v) return;
    if (!response?.ok) {
      video.removeAttribute("src");
      video.hidden = true;
      notice(`${v.name} cannot be opened: ${body.error || response.statusText}`);
      return showIndexMessage("No index.");
    }
    Object.assign(v, body);
  }
  if (v.protected) {
    video.removeAttribute("src");
    video.hidden = true;
    notice(`${v.name} is protected (DRM): FrameLens does not play, decode or read protected streams.`);
    showIndexMessage("No index: the video is protected.");
    return;
  }
  video.hidden = false;
  video.src = `/api/videos/${encodeURIComponent(v.id)}/media`;
  loadIndex(v);
}

video.addEventListener("error", () => {
  if (!current || current.protected || !video.getAttribute("src")) return;
  notice(`This browser cannot play ${current.name} (its codec or container). ` +
    "The frames shown come from the server: scrub below, step with , and ., or pick a slide.");
  stillMode = true;
  video.hidden = true;
  still.hidden = false;
  $("still-controls").hidden = false;
  $("scrub").max = current.duration || 0;
  showStill(pendingTime ?? 0);
  pendingTime = null;
});

video.addEventListener("loadedmetadata", () => {
  if (pendingTime === null) return;
  const t = pendingTime;
  pendingTime = null;
  seekTo(t);
});

// MARK: - Pausing, seeking, stepping

video.addEventListener("play", () => { request++; stepTarget = null; clearOverlay(); });
video.addEventListener("seeking", () => {
  request++;
  // A seek of the user's own (the video's controls) ends a run of steps; Chromium reports the time set
  // rounded to the microsecond.
  if (stepSeek === null || Math.abs(video.currentTime - stepSeek) > 1e-3) stepTarget = null;
  clearOverlay();
});
// A pause with no seek pending shows a frame that stays: it is read at once. Seeks settle first (scrubbing).
video.addEventListener("pause", () => {
  if (video.seeking) return;
  clearTimeout(settle);
  read(video.currentTime);
});
video.addEventListener("seeked", () => { if (video.paused) readSoon(() => video.currentTime); markCurrentCue(); });
video.addEventListener("timeupdate", () => markCurrentCue());

/// Reads the frame shown at the time `when()` gives, once nothing has moved for SETTLE_MS.
function readSoon(when) {
  clearTimeout(settle);
  settle = setTimeout(() => read(when()), SETTLE_MS);
}

function isShowing(t) {
  if (stillMode) return stillTime === t;
  return video.paused && !video.seeking && video.currentTime === t;
}

async function read(t, attempt = 0) {
  const mine = ++request;
  status("Reading the frame…");
  overlay.dataset.state = "reading";
  const started = performance.now();
  let response, body;
  try {
    response = await fetch(`/api/videos/${encodeURIComponent(current.id)}/analysis?t=${t}&client=${CLIENT}`);
    body = await response.json();
  } catch (error) {
    if (mine !== request) return;
    overlay.dataset.state = "error";
    status(`Could not read the frame: ${error.message}`);
    return;
  }
  // Stale: a newer pause or seek came in, or the frame on screen is no longer the one asked for.
  if (mine !== request || !isShowing(t)) return;
  if (response.status === 409) {
    // The server dropped this reading for a newer request from this page that is gone since (it was
    // superseded, then abandoned): the frame is still the one shown, so ask again, a few times.
    if (attempt < 3) {
      const again = () => { if (mine === request && isShowing(t)) read(t, attempt + 1); };
      setTimeout(again, 150 * (attempt + 1) + Math.random() * 150);
      return;
    }
    overlay.dataset.state = "error";
    status("Could not read the frame: the server kept answering that newer frames were asked for.");
    return;
  }
  if (!response.ok) {
    overlay.dataset.state = "error";
    status(body.error || response.statusText);
    return;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  status(`Frame ${body.frameNumber} at ${clock(body.time)}, read in ${seconds} s`);
  show(body);
  showLink(current, body.time);
}

function step(frames) {
  if (!current || (!stillMode && !video.paused)) return;
  const fps = current.frameRate || 25;
  // From the frame the last step went to (a key pressed again before that frame was read moves on from
  // it), else the frame read, else the frame shown at the time: the last one starting at or before it
  // (with a little slack for containers that round times to the millisecond).
  const now = stillMode ? stillTime : video.currentTime;
  const base = stepTarget ?? (shown ? shown.time : Math.floor(now * fps + 0.02) / fps);
  const frame = base + frames / fps;
  // Seek to the middle of the frame's time span, so that the rounding of the times cannot matter.
  const t = frame + 0.5 / fps;
  if (frame < -1e-6 || (current.duration && t > current.duration)) return;
  stepTarget = frame;
  stepSeek = Math.max(0, t);
  moveTo(stepSeek);
}

/// Shows the frame at `t`, paused, ending a run of steps.
function seekTo(t) {
  stepTarget = null;
  moveTo(t);
}

function moveTo(t) {
  if (stillMode) {
    showStill(t);
  } else {
    video.pause();
    video.currentTime = t;
  }
}

function showStill(t) {
  stillTime = t;
  request++;
  clearOverlay();
  $("scrub").value = t;
  $("scrub-time").textContent = clock(t);
  still.src = `/api/videos/${encodeURIComponent(current.id)}/frame?t=${t}`;
  readSoon(() => t);
  markCurrentCue();
}

$("scrub").addEventListener("input", () => {
  stepTarget = null;
  showStill(Number($("scrub").value));
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest?.("input:not([type=checkbox]), select, textarea")) return;  // typing, choosing
  if (event.key === " ") {
    event.preventDefault();
    if (!stillMode && current && !current.protected) video.paused ? video.play() : video.pause();
  } else if (event.key === ",") {
    step(-1);
  } else if (event.key === ".") {
    step(1);
  }
});

// MARK: - The overlay

function picture() { return stillMode ? still : video; }

/// The rectangle the picture occupies inside its element (object-fit: contain), relative to the stage.
function pictureRect() {
  const el = picture();
  const width = stillMode ? still.naturalWidth : video.videoWidth;
  const height = stillMode ? still.naturalHeight : video.videoHeight;
  if (!width || !height) return null;
  const scale = Math.min(el.clientWidth / width, el.clientHeight / height);
  return {
    left: el.offsetLeft + (el.clientWidth - width * scale) / 2,
    top: el.offsetTop + (el.clientHeight - height * scale) / 2,
    width: width * scale, height: height * scale,
  };
}

function clearOverlay() {
  shown = null;
  overlay.replaceChildren();
  overlay.dataset.state = "empty";
  delete overlay.dataset.frameTime;
  $("found").replaceChildren();
  $("copy-all").disabled = true;
}

function show(analysis) {
  shown = analysis;
  stepTarget = null;  // the next step starts from the frame's own time
  layout();
  listFound(analysis);
  $("copy-all").disabled = !analysis.text?.transcript && analysis.codes.length === 0;
  overlay.dataset.state = "ready";
  overlay.dataset.frameTime = analysis.time;
}

/// Lays the text out over the picture at its boxes; again whenever the picture changes size.
function layout() {
  overlay.replaceChildren();
  const rect = pictureRect();
  if (!shown || !rect) return;
  Object.assign(overlay.style, {
    left: rect.left + "px", top: rect.top + "px", width: rect.width + "px", height: rect.height + "px",
  });
  (shown.text?.blocks || []).forEach((block, b) => block.lines.forEach((line, l) => {
    const span = document.createElement("span");
    span.className = "line";
    const box = line.bounds.normalized;
    // No width: the text's own width is measured, then scaled to the line's, so that each word lies over
    // the word in the picture (a wider box would leave the text short of the line's end).
    Object.assign(span.style, { left: box.x * 100 + "%", top: box.y * 100 + "%", height: box.height * 100 + "%" });
    span.style.fontSize = (box.height * rect.height * 0.9).toFixed(1) + "px";
    span.append(...withDetections(line.text, detectionsOn(b, l)));
    overlay.append(span, document.createTextNode("\n"));
    const natural = span.offsetWidth;  // untransformed; 0 while the overlay is hidden (laid out again when shown)
    if (natural > 0) span.style.transform = `scaleX(${(box.width * rect.width) / natural})`;
  }));
  shown.codes.forEach((code) => {
    const box = document.createElement("div");
    box.className = "code";
    place(box, code.bounds.normalized);
    const label = document.createElement("span");
    label.textContent = `${code.symbology}: ${code.payload}`;
    box.append(label);
    overlay.append(box);
  });
}

function place(element, box) {
  Object.assign(element.style, {
    left: box.x * 100 + "%", top: box.y * 100 + "%", width: box.width * 100 + "%", height: box.height * 100 + "%",
  });
}

function detectionsOn(block, line) {
  return shown.detections.filter((d) => d.source.text && d.source.text.block === block && d.source.text.line === line);
}

/// The line's text as DOM nodes: URLs, e-mail addresses and phone numbers as links, other data marked.
function withDetections(text, detections) {
  const nodes = [];
  let at = 0;
  for (const d of detections) {
    const found = text.indexOf(d.text, at);
    if (found < 0) continue;
    nodes.push(document.createTextNode(text.slice(at, found)));
    nodes.push(dataNode(d, d.text));
    at = found + d.text.length;
  }
  nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

function dataNode(detection, text) {
  const href = linkFor(detection);
  const node = document.createElement(href ? "a" : "mark");
  if (href) {
    node.href = href;
    node.target = "_blank";
    node.rel = "noopener noreferrer";
  }
  node.className = "data " + detection.type;
  node.title = `${detection.type}: ${detection.value}`;
  node.textContent = text;
  return node;
}

function linkFor(detection) {
  const value = detection.value;
  switch (detection.type) {
    case "url": return /^https?:\/\//i.test(value) ? value : null;
    case "email": return "mailto:" + value;
    case "phone": return "tel:" + value.replace(/[^+\d]/g, "");
    default: return null;
  }
}

function listFound(analysis) {
  const items = analysis.detections.map((d) => {
    const li = document.createElement("li");
    const kind = document.createElement("b");
    kind.textContent = d.type;
    li.append(kind, dataNode(d, d.text));
    return li;
  });
  analysis.codes.forEach((code) => {
    const li = document.createElement("li");
    const kind = document.createElement("b");
    kind.textContent = code.symbology;
    li.append(kind, code.payload);
    items.push(li);
  });
  $("found").replaceChildren(...items);
}

new ResizeObserver(() => layout()).observe(stage);
still.addEventListener("load", () => layout());
$("live-text").addEventListener("change", () => {
  overlay.classList.toggle("off", !$("live-text").checked);
  layout();  // text laid out while hidden could not be measured
});

$("copy-all").addEventListener("click", async () => {
  if (!shown) return;
  const text = [shown.text?.transcript || "", ...shown.codes.map((c) => c.payload)].filter(Boolean).join("\n");
  try {
    await navigator.clipboard.writeText(text);
    status("Copied the frame's text.");
  } catch {
    const selection = getSelection();
    selection.selectAllChildren(overlay);
    document.execCommand("copy");
    status("Copied the frame's text.");
  }
});

// MARK: - The index beside the player

async function loadIndex(v) {
  $("cues").replaceChildren();
  for (;;) {
    if (current !== v) return;
    let response, body;
    try {
      response = await fetch(`/api/videos/${encodeURIComponent(v.id)}/index`);
      body = await response.json();
    } catch (error) {
      return showIndexMessage(`Could not index: ${error.message}`);
    }
    if (current !== v) return;
    if (response.status === 202) {
      showIndexMessage(`Indexing… ${Math.round(body.progress * 100)} % (${body.cues} so far)`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (!response.ok) return showIndexMessage(body.error || response.statusText);
    return showCues(body.cues);
  }
}

function showIndexMessage(text) { $("index-status").textContent = text; }

/// Cues read with a mean word confidence below this (percent) are marked for review (README: serve).
const reviewBelow = 80;

function showCues(cues) {
  const items = cues.map((cue) => {
    const li = document.createElement("li");
    li.dataset.text = cue.text.toLowerCase();
    li.dataset.start = cue.start;
    li.dataset.end = cue.end;
    const button = document.createElement("button");
    button.type = "button";
    const time = document.createElement("time");
    time.textContent = clock(cue.start);
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = cue.text;
    button.append(time, text);
    if (typeof cue.confidence === "number" && cue.confidence < reviewBelow) {
      li.classList.add("review");
      const mark = document.createElement("span");
      mark.className = "review-mark";
      mark.textContent = "check";
      button.title = `Read with ${cue.confidence.toFixed(1)} % confidence (below ${reviewBelow} %): check the text`;
      time.after(mark);
    }
    button.onclick = () => seekTo(cue.start);
    li.append(button);
    return li;
  });
  $("cues").replaceChildren(...items);
  filterCues();
  markCurrentCue();
}

/// Marks the slides on screen at the time shown.
function markCurrentCue() {
  const t = stillMode ? stillTime : video.currentTime;
  for (const li of $("cues").children) {
    li.classList.toggle("current", Number(li.dataset.start) <= t + 1e-6 && t < Number(li.dataset.end));
  }
}

function filterCues() {
  const words = $("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  let count = 0;
  for (const li of $("cues").children) {
    li.hidden = !words.every((w) => li.dataset.text.includes(w));
    if (!li.hidden) count++;
  }
  const total = $("cues").children.length;
  showIndexMessage(words.length ? `${count} of ${total} slides match` : `${total} slides`);
}

$("search").addEventListener("input", filterCues);

// MARK: - Helpers

async function fetchJSON(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function status(text) { $("status").textContent = text; }

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = false;
}

function clock(seconds) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3600000), m = Math.floor(ms / 60000) % 60, s = (ms / 1000) % 60;
  return (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + s.toFixed(3).padStart(6, "0");
}

start().catch((error) => status(`FrameLens: ${error.message}`));
