// The words retro says to a reader beside the program's own text (the session's process tells them
// in-band, an OSC sequence of retro's own among the terminal's bytes: retro/web/screen_text.py).
// Each carries the session's token, which the page learns from the session's channel
// ({"type": "reader", "token": ...}); one without it is dropped: a program echoing what a visitor
// typed cannot make the page read its text as retro's.
"use strict";

let readerToken = null;  // this session's token; none (a replay, or before it came): nothing is read

function readerTrusts(token) {
  readerToken = typeof token === "string" && token ? token : null;
}

// A sequence's text (after its number): the token, ";", then JSON.
function readerTold(data) {
  if (readerToken === null || !data.startsWith(`${readerToken};`)) return;
  let what;
  try { what = JSON.parse(data.slice(readerToken.length + 1)); } catch { return; }
  if (what && Array.isArray(what.rows)) readerScreen(what);
}
