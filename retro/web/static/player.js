// The player of a recorded session: pause and play, the previous and the next move, the pace (the
// session's #baud, at once), "Move N of M" said, and its cast to download.  The session's events go
// through the page's paced output (retro.js: emit, pending, paused), each move followed by a step
// that says it; a seek draws the terminal again from the start, unpaced, to where that move was
// typed (its line echoed), then goes on paced, or stays paused.
"use strict";

// {id, events, moves: the index of each move's event, move: the last shown, over, ended, turn: seeks so far,
//  lang: the language of the program's text, as its port declares it with the session's options}
let recording = null;

function movesOf(session) {  // the index of each event that is a move (the server's, as `retro cast` marks them)
  return session.moves || [];
}

function shownText(event) {  // what the terminal shows of an event: a line typed is echoed, Ctrl-D as ^D
  if (event.kind !== "in") return event.text || "";
  return event.text ? event.text.replace(/\n?$/, "\n") : "^D\n";
}

// A recording opened at ``move`` (0: its start); opened at a move, it waits there, paused.
function playRecording(id, session, moves, move, ended) {
  recording = {id, events: session.events, moves, move: 0, over: false, ended, turn: 0, lang: session.lang};
  const path = `api/sessions/${id.split("/").map(encodeURIComponent).join("/")}`;
  $("download").href = `${path}.cast`;
  $("download").download = `${id.replace("/", "-")}.cast`;
  $("download-transcript").href = `${path}.txt`;  // the transcript itself, which `retro check` replays
  $("download-transcript").download = `${id.replace("/", "-")}.txt`;
  seekTo(move || 0, Boolean(move));
  $("play-pause").focus();  // the player's keys first: a reader finds the recording's controls at once
}

function seekTo(move, pause) {
  const shown = recording;
  const turn = ++shown.turn;
  pending.length = 0;
  $("ended").hidden = true;
  readerHeld = true;  // the log is kept, and the lines drawn again at once are not logged again (reader.js)
  makeTerminal(screen, true);
  readerLanguage(shown.lang);  // reader.js: the Fortran's Spanish read as Spanish, as in a live session
  const cut = move ? shown.moves[move - 1] + 1 : 0;
  const before = shown.events.slice(0, cut).map(shownText).join("");
  term.write(before, () => { readerHeld = false; readerLogShows(window.retroScreen(true).split("\n")); });
  if (before) started();
  shown.over = false;
  for (let k = cut; k < shown.events.length; k++) {
    emit(shownText(shown.events[k]));
    const n = shown.moves.indexOf(k);
    if (n >= 0) pending.push({then: () => reached(n + 1)});
  }
  pending.push({then: () => term.write("", () => over(shown, turn))});
  reached(move);
  setPaused(pause);
}

function over(shown, turn) {  // the end, unless the recording was closed or sought since
  if (recording !== shown || shown.turn !== turn) return;
  shown.over = true;
  setPaused(false);
  shown.ended();
}

function reached(move) {
  recording.move = move;
  const all = recording.moves.length;
  $("move-said").replaceChildren(...(!all ? ["This recording has no moves."]
    : move ? [`Move ${move} of ${all}: `, ...moveWords(recording, move)] : [`Before the first move (${all} moves)`]));
  $("previous-move").setAttribute("aria-disabled", String(move === 0));
  $("next-move").setAttribute("aria-disabled", String(move === all));
  readdress({move: move || null});
}

// A move in words: what was typed, and the program's first line of words after it (its answer,
// as "I WANT BOARD 2 POSITION 10"; a board's rows and a prompt are no answer), that line in the
// language of the program's text (a span marked so, if it is not the page's English).
function moveWords(shown, move) {
  const at = shown.moves[move - 1];
  const typed = (shown.events[at].text || "").trim();
  const until = move < shown.moves.length ? shown.moves[move] : shown.events.length;
  for (let k = at + 1; k < until && shown.events[k].kind !== "in"; k++) {
    for (const line of (shown.events[k].text || "").split("\n")) {
      const text = line.trim();
      if (/[A-Za-z]{2}/.test(text) && !/[|/]/.test(text) && !/[:?]$/.test(text)) {
        return [`you played ${typed}; `, programText(text, shown.lang)];
      }
    }
  }
  return [`you played ${typed}`];
}

function setPaused(value) {
  paused = value;
  wake();  // retro.js: the paced output goes on, if anything waits
  $("play-pause").textContent = recording && recording.over ? "Play again" : value ? "Play" : "Pause";
}

function playerClosed() {
  recording = null;
  setPaused(false);
}

$("play-pause").addEventListener("click", () => {
  if (!recording) return;
  if (recording.over) seekTo(0, false); else setPaused(!paused);
});
$("previous-move").addEventListener("click", () => {
  if (recording && recording.move > 0) seekTo(recording.move - 1, true);  // back: held there, to be read
});
$("next-move").addEventListener("click", () => {
  if (recording && recording.move < recording.moves.length) seekTo(recording.move + 1, paused);
});
$("baud").addEventListener("change", () => readdress({pace: $("baud").value}));
