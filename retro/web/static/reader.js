// The words retro says to a reader beside the program's own text (the session's process tells them
// in-band, an OSC sequence of retro's own among the terminal's bytes: retro/web/screen_text.py).
// Each carries the session's token, which the page learns from the session's channel
// ({"type": "reader", "token": ...}); one without it is dropped: a program echoing what a visitor
// typed cannot make the page read its text as retro's.
"use strict";

let readerToken = null;  // this session's token; none (a replay, or before it came): nothing is read
let readerSaying = [];  // what retro said since the output last paused, said together when it pauses
let readerBoard = null;  // the whole board in words, a line each, as the last move left it
const BOARD_KEY = "b";  // Ctrl-B says the board (no program reads it: the page keeps it)

function readerTrusts(token) {
  readerToken = typeof token === "string" && token ? token : null;
}

let readerHeld = false;  // a replay's terminal drawn again at once (player.js): its lines are not logged one by one

// The log made to hold ``lines`` (the terminal's, blanks left out): the lines it has in common kept
// as they are, the rest removed, the new ones added: a screen reader hears only what is new.
function readerLogShows(lines) {
  const log = $("reader-log");
  const now = lines.filter((line) => line.trim());
  let k = 0;
  while (k < log.children.length && k < now.length && log.children[k].textContent === now[k]) k++;
  while (log.children.length > k) log.lastChild.remove();
  log.append(...now.slice(k).map(said));
  readerLine = null;
}

function readerBegins() {  // a new terminal: nothing trusted, nothing said yet (a replay's seek keeps its log)
  if (!readerHeld) $("reader-log").replaceChildren();
  $("reader-game").replaceChildren();
  readerLanguage(null);
  readerTrusts(null);
  readerSaying = [];
  readerBoard = null;
  $("reader-said").textContent = "";
}

// The status says ``text`` (again, if it said it last: emptied first, so that it is news).
function readerStatus(text) {
  const status = $("reader-said");
  if (status.textContent !== text) { status.textContent = text; return; }
  status.textContent = "";
  setTimeout(() => { status.textContent = text; }, 100);
}

// A key of the terminal's: Ctrl-B says the board, and goes no further (false).
function readerKey(event) {
  if (!event.ctrlKey || event.altKey || event.metaKey || event.key.toLowerCase() !== BOARD_KEY) return true;
  event.preventDefault();
  if (event.type === "keydown") {
    readerStatus(readerBoard ? readerBoard.join(" ") : "No board yet: no move has been made.");
  }
  return false;
}

// What retro says (a move, a game's end) goes into the reader's status once the output pauses,
// with whatever else it said in that burst: one thing said a turn, not lost behind the next.  The
// status is heard once; the moves and ends stay in the list "The game in words", to read again.
function readerKeeps(words) {
  const item = document.createElement("li");
  item.textContent = words;
  $("reader-game").append(item);
}

function readerSays() {
  if (!readerSaying.length) return;
  readerStatus(readerSaying.join(" "));
  readerSaying = [];
}

// A drawn screen's row changed: what it keeps from its start stays as it was (not said again: the
// region says additions only), the rest goes, what is new is added: a prompt completed key by key
// is said once, then each key.  A row that keeps little of itself is another row, said whole.
const ROW_KEPT = 12;  // characters kept from a row's start for it to be the same row

function readerRowBecomes(shown, text) {
  const old = shown.textContent;
  let kept = 0;
  while (kept < old.length && kept < text.length && old[kept] === text[kept]) kept++;
  if (kept < Math.min(ROW_KEPT, old.length)) { shown.textContent = text; return; }
  let at = 0;
  for (const node of [...shown.childNodes]) {
    const end = at + node.textContent.length;
    if (at >= kept) node.remove();
    else if (end > kept) node.textContent = node.textContent.slice(0, kept - at);
    at = end;
  }
  if (text.length > kept) shown.append(text.slice(kept));
}

const foreign = (tag) => typeof tag === "string" && /^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag) && tag !== "en";

// The program's text is in this language (its port says: the Fortran's Spanish), for a screen
// reader's voice; the page's own words stay English.  None: the page's.
function readerLanguage(tag) {
  for (const id of ["reader-log", "reader-screen"]) {
    if (foreign(tag)) $(id).lang = tag;
    else $(id).removeAttribute("lang");
  }
}

// A line of the program's among the page's own words: marked with its language if not English.
function programText(text, tag) {
  if (!foreign(tag)) return text;
  const span = document.createElement("span");
  span.lang = tag;
  span.textContent = text;
  return span;
}

// A sequence's text (after its number): the token, ";", then JSON.
function readerTold(data) {
  if (readerToken === null || !data.startsWith(`${readerToken};`)) return;
  let what;
  try { what = JSON.parse(data.slice(readerToken.length + 1)); } catch { return; }
  if (what && Array.isArray(what.rows)) readerScreen(what);
  else if (what && typeof what.said === "string") { readerSaying.push(what.said); readerKeeps(what.said); }
  else if (what && typeof what.cursor === "string") readerSaying.push(what.cursor);  // said, not kept
  else if (what && Array.isArray(what.board)) readerBoard = what.board.map(String);
  else if (what && typeof what.lang === "string") readerLanguage(what.lang);
}
