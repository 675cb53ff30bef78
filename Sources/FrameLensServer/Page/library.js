// FrameLens web player: the search box across every video of a library (`serve --library`). Hits come from
// /api/search, best first, and are shown grouped by video, each with its frame's thumbnail; a click opens
// the video paused at that frame (app.js's openAt), and the URL then links to it.
"use strict";

const HIT_LIMIT = 50;
const TYPING_MS = 300;  // search once typing has paused this long (or at once on Enter)
let searches = 0;       // the latest search asked for; an answer to an older one is dropped
let typing = null;

async function startLibrary() {
  let response, body;
  try {
    response = await fetch("/api/library");
    body = await response.json();
  } catch {
    return;
  }
  if (response.status === 404) return;  // no library: no search box
  $("library").hidden = false;
  if (!response.ok) return libraryStatus(body.error || response.statusText);
  $("library-search").placeholder = `Search ${body.videos} video${body.videos === 1 ? "" : "s"}`;
  const missing = body.videos - body.served;
  libraryStatus(missing ? `${missing} of the library's videos are not served (their files are gone).` : "");
}

async function searchLibrary() {
  clearTimeout(typing);
  const query = $("library-search").value.trim();
  const mine = ++searches;
  if (!query) {
    $("hits").replaceChildren();
    return libraryStatus("");
  }
  libraryStatus("Searching…");
  let response, body;
  try {
    const syntax = $("library-fts5").checked ? "fts5" : "text";
    response = await fetch(`/api/search?q=${encodeURIComponent(query)}&syntax=${syntax}&limit=${HIT_LIMIT}`);
    body = await response.json();
  } catch (error) {
    if (mine === searches) libraryStatus(`Could not search: ${error.message}`);
    return;
  }
  if (mine !== searches) return;
  if (!response.ok) {
    $("hits").replaceChildren();
    return libraryStatus(body.error || response.statusText);
  }
  showHits(body);
}

/// The hits grouped by video, the videos in the order of their best hit, each video's hits best first.
function showHits(hits) {
  const groups = new Map();
  for (const hit of hits) {
    const key = hit.videoID ?? hit.video;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(hit);
  }
  const sections = [...groups.values()].map((group) => {
    const section = document.createElement("section");
    section.className = "hit-group";
    section.dataset.video = group[0].videoID ?? "";
    const title = document.createElement("h3");
    title.textContent = catalog.find((v) => v.id === group[0].videoID)?.name ?? group[0].video.split("/").pop();
    title.title = group[0].video;
    const list = document.createElement("ol");
    list.append(...group.map(hitItem));
    section.append(title, list);
    return section;
  });
  $("hits").replaceChildren(...sections);
  const more = hits.length === HIT_LIMIT ? ` (the best ${HIT_LIMIT})` : "";
  const count = (n, what) => `${n} ${what}${n === 1 ? "" : "s"}`;
  libraryStatus(hits.length ? `${count(hits.length, "hit")} in ${count(groups.size, "video")}${more}` : "No hits.");
}

function hitItem(hit) {
  const li = document.createElement("li");
  li.dataset.time = hit.time;
  const button = document.createElement("button");
  button.type = "button";
  const time = document.createElement("time");
  time.textContent = clock(hit.time);
  const snippet = document.createElement("span");
  snippet.className = "snippet";
  snippet.append(...marked(hit.snippet));
  const thumbnail = document.createElement(hit.videoID ? "img" : "span");
  thumbnail.className = "thumbnail";
  if (hit.videoID) {
    thumbnail.loading = "lazy";
    thumbnail.alt = "";
    thumbnail.src = `/api/videos/${encodeURIComponent(hit.videoID)}/thumbnail?t=${hit.time}`;
    button.onclick = () => openAt(hit.videoID, hit.time);
  } else {
    button.disabled = true;
    button.title = "Not served: the video's file is gone or is no longer a video.";
  }
  button.append(thumbnail, time, snippet);
  li.append(button);
  return li;
}

/// The snippet as DOM text, the matches (between its ** marks) in <mark>: never parsed as HTML.
function marked(snippet) {
  return snippet.split("**").map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const mark = document.createElement("mark");
    mark.textContent = part;
    return mark;
  });
}

function libraryStatus(text) { $("library-status").textContent = text; }

$("library-search").addEventListener("input", () => {
  clearTimeout(typing);
  typing = setTimeout(searchLibrary, TYPING_MS);
});
$("library-search").addEventListener("keydown", (event) => { if (event.key === "Enter") searchLibrary(); });
$("library-fts5").addEventListener("change", searchLibrary);

startLibrary();
