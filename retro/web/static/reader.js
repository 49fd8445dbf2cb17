// The words retro says to a reader beside the program's own text (the session's process tells them
// in-band, an OSC sequence of retro's own among the terminal's bytes: retro/web/screen_text.py).
// Each carries the session's token, which the page learns from the session's channel
// ({"type": "reader", "token": ...}); one without it is dropped: a program echoing what a visitor
// typed cannot make the page read its text as retro's.
"use strict";

let readerToken = null;  // this session's token; none (a replay, or before it came): nothing is read
let readerSaying = [];  // what retro said since the output last paused, said together when it pauses

function readerTrusts(token) {
  readerToken = typeof token === "string" && token ? token : null;
}

function readerBegins() {  // a new terminal: nothing trusted, nothing said yet
  readerTrusts(null);
  readerSaying = [];
  $("reader-said").textContent = "";
}

// What retro says (a move, a game's end) goes into the reader's status once the output pauses,
// with whatever else it said in that burst: one thing said a turn, not lost behind the next.
function readerSays() {
  if (!readerSaying.length) return;
  $("reader-said").textContent = readerSaying.join(" ");
  readerSaying = [];
}

// A sequence's text (after its number): the token, ";", then JSON.
function readerTold(data) {
  if (readerToken === null || !data.startsWith(`${readerToken};`)) return;
  let what;
  try { what = JSON.parse(data.slice(readerToken.length + 1)); } catch { return; }
  if (what && Array.isArray(what.rows)) readerScreen(what);
  else if (what && typeof what.said === "string") readerSaying.push(what.said);
}
