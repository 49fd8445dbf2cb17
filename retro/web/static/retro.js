// retro serve: the menu, a terminal (xterm.js) for each running program, replays of recorded sessions.
// A running program is `retro run` on a pseudo-terminal of its own on the server: the WebSocket
// carries the terminal's bytes both ways (binary frames) and a few JSON messages (resize, notice,
// exit, refused).  Keys go to the program as typed; the terminal's line discipline echoes them.
// Output (a program's or a replay's) is shown at the chosen pace.
"use strict";

const $ = (id) => document.getElementById(id);
const THEMES = {  // the page's look of each kind of terminal
  glass: {background: "#060a06", foreground: "#8dff8d", cursor: "#8dff8d", cursorAccent: "#060a06",
          selectionBackground: "#2f6f2f"},
  amber: {background: "#120b02", foreground: "#ffb000", cursor: "#ffb000", cursorAccent: "#120b02",
          selectionBackground: "#6a4a10"},
  paper: {background: "#f4efdc", foreground: "#222222", cursor: "#444444", cursorAccent: "#f4efdc",
          selectionBackground: "#d8cfae"},
};
// The paces output is shown at (10 bits a character), "as it comes" first.  A live game starts at
// the pace chosen for it in its program's card (as it comes, unless chosen otherwise), a replay at
// the pace chosen in the recorded sessions' heading (300 baud, the period's, unless chosen
// otherwise); the session's own Pace changes it for that session only.
const PACES = [["0", "as it comes"], ["110", "110 baud"], ["300", "300 baud"], ["1200", "1200 baud"],
               ["9600", "9600 baud"]];
const LIVE_PACE = "0";
const REPLAY_PACE = "300";

function paceSelect(select, value) {
  for (const [baud, label] of PACES) select.add(new Option(label, baud, false, baud === value));
  return select;
}
paceSelect($("baud"), LIVE_PACE);
paceSelect($("replay-baud"), REPLAY_PACE);

const SMALLEST_FONT = 7;   // below it, the terminal scrolls inside its frame instead of shrinking
const LARGEST_FONT = 16;

let term = null;        // the xterm.js Terminal of the session shown
let socket = null;
let replaying = null;
let screenSize = {cols: 80, rows: 24};

// -- the paced output --------------------------------------------------------------------
// What the terminal is to show waits here and is written at the chosen baud rate
// (10 bits a character); "as it comes" writes it at once.
const pending = [];  // Uint8Array or string pieces
let lastTick = performance.now();
let credit = 0;

function emit(piece) {
  if (piece && piece.length) pending.push(piece);
}

function tick(now) {
  const baud = Number($("baud").value);
  let budget = baud ? (credit += (now - lastTick) * baud / 10000) : Infinity;
  lastTick = now;
  while (term && pending.length && budget >= 1) {
    const piece = pending[0];
    const take = Math.min(piece.length, Math.floor(budget));
    term.write(take === piece.length ? piece : piece.slice(0, take));
    window.retroLastOutput = now;
    if (take === piece.length) pending.shift(); else pending[0] = piece.slice(take);
    budget -= take;
    if (baud) credit -= take;
  }
  if (!pending.length) credit = Math.min(credit, 1);
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

function drained() {
  return new Promise((resolve) => {
    const wait = () => (!term ? resolve() : pending.length ? setTimeout(wait, 100) : term.write("", resolve));
    wait();
  });
}

// -- the terminal ------------------------------------------------------------------------
// It keeps its columns (the program's layout depends on them) and fits the window by its font.
function fontFor(cols) {
  const frame = $("frame").clientWidth || window.innerWidth;
  const room = frame - (window.innerWidth <= 560 ? 14 : 40);  // the bezel and padding (retro.css)
  const size = Math.floor(room / (cols * 0.62));
  return Math.max(SMALLEST_FONT, Math.min(LARGEST_FONT, size));
}

function makeTerminal(screen, replay) {
  if (term) term.dispose();
  screenSize = {cols: screen.cols, rows: screen.rows};
  const box = $("terminal");
  box.replaceChildren();
  box.className = screen.theme;
  term = new Terminal({
    cols: screen.cols, rows: screen.rows, scrollback: 5000, convertEol: replay, scrollOnEraseInDisplay: true,
    fontFamily: 'ui-monospace, "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace',
    fontSize: fontFor(screen.cols), cursorBlink: !replay, disableStdin: replay, theme: THEMES[screen.theme],
  });
  term.open(box);
  keepLastScreen(term);
  window.retroTerminal = term;  // for the browser tests (and the curious)
  return term;
}

// A program that draws on the whole screen (the alternate screen, as a full-screen program on
// any terminal) takes it away when it ends; here its last screen is copied into the terminal's
// scrollback first, so that a finished game can be read back.
function keepLastScreen(terminal) {
  terminal.buffer.onBufferChange((active) => {
    if (active.type !== "normal") return;
    const alternate = terminal.buffer.alternate;
    const lines = [];
    for (let y = 0; y < alternate.length; y++) {
      const line = alternate.getLine(y);
      if (line) lines.push(line.translateToString(true));
    }
    while (lines.length && lines[lines.length - 1] === "") lines.pop();
    if (lines.length) terminal.write(lines.join("\r\n") + "\r\n");
  });
}

window.addEventListener("resize", () => {
  if (term) term.options.fontSize = fontFor(screenSize.cols);
});

// What the terminal shows: the lines of its buffer (the scrollback and the screen), or the screen
// alone; a line the terminal wrapped is one line.  And when it last wrote (retroLastOutput).
window.retroLastOutput = 0;
window.retroScreen = (all) => {
  if (!term) return "";
  const buffer = term.buffer.active;
  const first = all ? 0 : buffer.viewportY;
  const last = all ? buffer.length : buffer.viewportY + term.rows;
  const lines = [];
  for (let y = first; y < last; y++) {
    const line = buffer.getLine(y);
    if (!line) continue;
    if (line.isWrapped && lines.length && y > first) lines[lines.length - 1] += line.translateToString(true);
    else lines.push(line.translateToString(true));
  }
  const trimmed = lines.map((line) => line.replace(/\s+$/, ""));  // blanks written or not, as on paper
  while (trimmed.length && trimmed[trimmed.length - 1] === "") trimmed.pop();
  return trimmed.join("\n");
};

// -- the menu ----------------------------------------------------------------------------
async function api(path) {
  const answer = await fetch(path);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}

// Text with its identifiers kept whole: a word with a hyphen or a slash inside (a program's
// id, ID/NAME, --fix-for-stack, Ctrl-C) is never broken at them; the line wraps
// before it, and one longer than its line ends in an ellipsis (.id in retro.css).
function pieces(text) {
  return String(text).split(/(\s+)/).filter(Boolean).map((word) => {
    if (!/\S[-/]\S|^-\S/.test(word)) return document.createTextNode(word);
    const span = document.createElement("span");
    span.className = "id";
    span.textContent = word;
    return span;
  });
}

function setText(element, text) {
  element.replaceChildren(...pieces(text));
}

// A variant: its control (a flag's checkbox, a choice, a number) and what it does, as text
// beside it (below it on a phone), which a hover tooltip would hide from a touch screen.
function field(program, variant) {
  const row = document.createElement("div");
  row.className = "variant";
  const label = document.createElement("label");
  let input;
  if (variant.kind === "flag") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(variant.default);
    label.append(input, " " + variant.flag);
  } else {
    if (variant.kind === "choice") {
      input = document.createElement("select");
      for (const choice of variant.choices) input.add(new Option(choice, choice, false, choice === variant.default));
    } else {
      input = document.createElement("input");
      input.size = 6;
      input.value = variant.default ?? "";
    }
    label.append(variant.flag + " ", input);
  }
  input.dataset.name = variant.name;
  input.dataset.kind = variant.kind;
  const help = document.createElement("p");
  help.className = "help";
  help.id = `help-${program.id}-${variant.name}`;
  setText(help, variant.help);
  input.setAttribute("aria-describedby", help.id);
  row.append(label, help);
  return row;
}

function chosen(form) {
  const params = new URLSearchParams();
  for (const input of form.querySelectorAll("[data-name]")) {
    if (input.dataset.kind === "flag") { if (input.checked) params.set(input.dataset.name, "1"); }
    else if (input.value !== "") params.set(input.dataset.name, input.value);
  }
  return params;
}

let catalog = [];

async function showMenu() {
  catalog = await api("/api/programs");
  const list = $("programs");
  list.replaceChildren();
  for (const program of catalog) {
    const item = document.createElement("li");
    item.dataset.program = program.id;
    const title = document.createElement("div");
    title.className = "title";
    setText(title, program.title);
    const meta = document.createElement("div");
    meta.className = "meta";
    setText(meta, `${program.language} \u2014 ${program.machine} \u2014 ${program.year}`);
    const desc = document.createElement("p");
    desc.className = "desc";
    setText(desc, program.description);
    const form = document.createElement("form");
    form.className = "variants";
    for (const variant of program.variants) form.append(field(program, variant));
    const pace = document.createElement("label");
    pace.className = "pace";
    const baud = paceSelect(document.createElement("select"), LIVE_PACE);
    pace.append("Pace ", baud);
    const start = document.createElement("button");
    start.textContent = "Start";
    start.type = "submit";
    const go = document.createElement("div");
    go.className = "start";
    go.append(pace, start);
    form.append(go);
    form.addEventListener("submit", (event) => { event.preventDefault(); run(program, chosen(form), baud.value); });
    item.append(title, meta, desc, form);
    list.append(item);
  }
  const recorded = await api("/api/sessions");
  const box = $("recorded");
  box.replaceChildren();
  for (const program of catalog) {
    const mine = recorded.filter((s) => s.program === program.id);
    if (!mine.length) continue;
    const groups = new Map();
    for (const s of mine) {
      const name = s.group || "Sessions";
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(s);
    }
    const details = document.createElement("details");
    details.className = "group";
    details.open = mine.some((s) => /fig5/.test(s.id));
    const summary = document.createElement("summary");
    setText(summary, `${program.title} (${mine.length})`);
    details.append(summary);
    for (const [name, sessions] of groups) {
      const heading = document.createElement("div");
      heading.textContent = name;
      const list = document.createElement("ul");
      list.className = "recorded-list";
      for (const s of sessions) {
        const li = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "id";
        button.textContent = s.id.split("/")[1];
        button.dataset.session = s.id;
        button.addEventListener("click", () => replay(s.id));
        li.append(button, " ", ...pieces(s.title));
        list.append(li);
      }
      details.append(heading, list);
    }
    box.append(details);
  }
}

// -- a session ---------------------------------------------------------------------------
function open(program, title, replay) {
  $("menu").hidden = true;
  $("session").hidden = false;
  setText($("session-title"), title);
  $("ended").hidden = true;
  delete $("status").dataset.exit;
  $("status").textContent = "";
  $("notice").textContent = "";
  $("keys-hint").hidden = replay;
  pending.length = 0;
  window.scrollTo(0, 0);
  return makeTerminal(program.terminal || {cols: 80, rows: 24, theme: "paper"}, replay);
}

function finish(text, exit) {
  setText($("status"), text);
  $("status").dataset.exit = exit;
  $("ended").hidden = false;
  $("keys-hint").hidden = true;
  if (term) {  // the end shows the program's last output: its last screenful, the scrollback above it
    term.options.disableStdin = true;
    term.scrollToBottom();
  }
}

function closeSession() {
  if (socket) { socket.close(); socket = null; }
  replaying = null;
  pending.length = 0;
  if (term) { term.dispose(); term = null; }
  $("session").hidden = true;
  $("menu").hidden = false;
}

// How a session ended, in words: the program by its title, its status and what the status means
// (the program's own, Ctrl-C, a signal: the server says), or why the server ended it.
function ending(program, message, endOfInput) {
  const title = program.title || program.id;
  if (message.status === null) return `${title} was ended: ${message.reason}.`;
  const after = endOfInput && message.status !== 130 ? " after the end of input (Ctrl-D)" : "";
  const meaning = message.meaning ? `: ${message.meaning}` : "";
  return `${title} ended with status ${message.status}${after}${meaning}${/[.!?]$/.test(meaning) ? "" : "."}`;
}

function run(program, params, pace) {
  const shown = params.toString() ? "  (" + params.toString().replaceAll("&", " ") + ")" : "";
  const terminal = open(program, `${program.title}${shown}`, false);
  $("baud").value = pace || LIVE_PACE;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/run/${encodeURIComponent(program.id)}?${params}`);
  socket = ws;
  ws.binaryType = "arraybuffer";
  const encoder = new TextEncoder();
  let ended = false;
  let endOfInput = false;  // the last key typed was Ctrl-D
  ws.onopen = () => ws.send(JSON.stringify({type: "resize", cols: terminal.cols, rows: terminal.rows}));
  terminal.onData((data) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    endOfInput = data.endsWith("\x04");
    ws.send(encoder.encode(data));
  });
  terminal.onBinary((data) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(Uint8Array.from(data, (c) => c.charCodeAt(0) & 255));
  });
  ws.onmessage = async (event) => {
    if (event.data instanceof ArrayBuffer) { emit(new Uint8Array(event.data)); return; }
    const message = JSON.parse(event.data);
    if (message.type === "exit") {
      ended = true;
      await drained();
      finish(`${ending(program, message, endOfInput)} Scroll the terminal to read the session back.`,
             message.status === null ? "limit" : String(message.status));
    } else if (message.type === "notice") {
      setText($("notice"), message.text);
    } else if (message.type === "refused") {  // the exhibit is full or stopping, or a variant is wrong
      ended = true;
      finish(message.text, "refused");
    }
  };
  ws.onclose = () => {
    if (!ended && socket === ws) finish("The connection was closed before the program ended.", "closed");
  };
  terminal.focus();
}

$("back").addEventListener("click", closeSession);
$("again").addEventListener("click", closeSession);

async function replay(id) {
  const session = await api(`/api/sessions/${id.split("/").map(encodeURIComponent).join("/")}`);
  const program = catalog.find((p) => p.id === session.program) || {};
  open(program, `${session.title}  (recorded: ${id})`, true);
  $("baud").value = $("replay-baud").value;
  replaying = id;
  for (const event of session.events) {
    if (event.kind !== "in") { emit(event.text); continue; }
    emit(event.text ? event.text.replace(/\n?$/, "\n") : "^D\n");
  }
  await drained();
  if (replaying !== id) return;
  finish(`End of the recorded session; the program's status was ${session.exit}. ` +
         "Scroll the terminal to read it back.", String(session.exit));
}

showMenu().catch((error) => { $("notice").textContent = String(error); });
