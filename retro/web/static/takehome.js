// A visitor's own game, offered at its end (retro/web/take_home.py).  The server's
// exit message names its transcript and its cast ("take_home"), or its cast alone with why,
// links only this visitor's page is given; a session the server ended, or that never started,
// offers nothing.  On a site the game was made in the visitor's browser: its links are the
// page's own files (transport.js), with their names, let go when the next session begins.
"use strict";

const TAKE_HOME_FORMS = {transcript: "a transcript", cast: "an asciicast"};

// The links at the end of a live session, and how long they last (null: none, as at a
// session's start); the status region (read out) says they are there.
function offerGame(links) {
  const box = document.getElementById("take-home");
  box.hidden = !links;
  setText(document.getElementById("take-home-words"), links ? links.words : "");  // retro.js
  const offered = [];
  for (const form of Object.keys(TAKE_HOME_FORMS)) {
    const link = document.getElementById(`take-home-${form}`);
    if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);  // a site's game: its file made here, let go
    link.hidden = !(links && links[form]);
    if (link.hidden) link.removeAttribute("href");
    else { link.href = links[form]; link.download = links.names?.[form] || ""; offered.push(TAKE_HOME_FORMS[form]); }
  }
  if (offered.length) {  // a sentence of its own in the status, which a screen reader reads out
    const said = document.createElement("span");
    said.className = "take-home-said";
    said.textContent = ` You can download your game below, as ${offered.join(" and as ")}.`;
    document.getElementById("status").append(said);
  }
}
