// retro serve: a visitor's own game, offered at its end (retro/web/take_home.py).  The server's
// exit message names its transcript and its cast ("take_home"), links only this visitor's page
// is given; a session the server ended, or that never started, offers nothing.
"use strict";

// The two links at the end of a live session, and how long they last (null: none, as at a
// session's start).
function offerGame(links) {
  const box = document.getElementById("take-home");
  box.hidden = !links;
  setText(document.getElementById("take-home-words"), links ? links.words : "");  // retro.js
  for (const form of ["transcript", "cast"]) {
    const link = document.getElementById(`take-home-${form}`);
    if (links && links[form]) link.href = links[form];
    else link.removeAttribute("href");
  }
}
