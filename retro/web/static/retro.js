// The page of retro serve and of retro site: the menu, a terminal (xterm.js) for each running
// program, replays of recorded sessions.  A running program is `retro run` on a pseudo-terminal of
// its own on the server, or the same program in the visitor's own browser (a site): its channel
// (transport.js) carries the terminal's bytes both ways and a few small messages (resize, notice,
// idle, exit, refused).  Keys go to the program as typed (or as the key bar sends them on a touch
// screen); the terminal's line discipline echoes them.  Output (a program's or a replay's) is shown
// at the chosen pace.
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
// Each look for a visitor who asks for more contrast: [background, text], the cursor the text's colour.
const STARK = {glass: ["#000000", "#b8ffb8"], amber: ["#000000", "#ffcc66"], paper: ["#ffffff", "#000000"]};
const LESS_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");
const MORE_CONTRAST = window.matchMedia("(prefers-contrast: more)");
function themeOf(look) {
  if (!MORE_CONTRAST.matches) return THEMES[look];
  const [background, foreground] = STARK[look];
  return {...THEMES[look], background, foreground, cursor: foreground, cursorAccent: background};
}
const blinks = (replay) => !replay && !LESS_MOTION.matches;  // the cursor blinks unless motion is unwelcome
const FONT = 'ui-monospace, "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace';
// The paces output is shown at (10 bits a character), "as it comes" first.  A live game starts at
// the pace chosen for it in its program's card (as it comes, unless chosen otherwise), a replay at
// the pace chosen in the recorded sessions' heading (2400 baud, unless chosen otherwise: a published
// game within a minute; the period's 110 and 300 baud stay a choice); the session's own Pace changes
// it for that session only.
const PACES = [["0", "as it comes"], ["110", "110 baud"], ["300", "300 baud"], ["1200", "1200 baud"],
               ["2400", "2400 baud"], ["9600", "9600 baud"]];
const LIVE_PACE = "0";
const REPLAY_PACE = "2400";

function paceSelect(select, value) {
  for (const [baud, label] of PACES) select.add(new Option(label, baud, false, baud === value));
  return select;
}
paceSelect($("baud"), LIVE_PACE);
paceSelect($("replay-baud"), REPLAY_PACE);
// What a pace is, said beside each choice of it (the page's and each card's)
const PACE_SAID = " how fast the text arrives, as over a terminal line of the period (300 baud: 30 characters a second)";
const paceSaid = () => element("span", "pace-said", PACE_SAID);
for (const label of document.querySelectorAll("label.pace")) label.append(paceSaid());

// A touch screen (a phone, a tablet) gets the key bar: the keys its keyboard lacks.
const TOUCH = window.matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;
document.body.classList.toggle("touch", TOUCH);
$("keys-hint").textContent = TOUCH
  ? "Tap the terminal (or \u2328) for the keyboard. Enter ends a line; Ctrl-D ends the input; Ctrl-C interrupts."
  : "Type in the terminal as on the original's: Enter ends a line, Ctrl-D ends the input, Ctrl-C interrupts. " +
    "Ctrl-B says the board in words, for a screen reader.";

let term = null;        // the xterm.js Terminal of the session shown
let session = null;  // the channel of the session shown (transport.js)
let replaying = null;
let screen = {cols: 80, rows: 24, theme: "paper", draws: false};  // the program's terminal (the catalog's)

// -- the paced output --------------------------------------------------------------------
// What the terminal is to show waits here and is written at the chosen baud rate
// (10 bits a character); "as it comes" writes it at once.
const pending = [];  // Uint8Array or string pieces, {free: bytes} written at once, {then: step} done in turn
let paused = false;  // a replay paused by its player (player.js): nothing is written
let lastTick = performance.now();
let credit = 0;
let ticking = false;  // the loop runs only while something waits to be written: an idle page does no work

function emit(piece) {
  if (!piece || !piece.length) return;
  if (typeof piece === "string") pending.push(piece);
  else pending.push(...unpaced(piece));
  wake();
}

function wake() {
  if (ticking || paused) return;  // a replay held by its player wakes when it goes on (player.js)
  ticking = true;
  lastTick = performance.now();
  requestAnimationFrame(tick);
}

function tick(now) {
  if (paused) { ticking = false; return; }
  const baud = Number($("baud").value);
  let budget = baud ? (credit += Math.max(0, now - lastTick) * baud / 10000) : Infinity;  // a frame may begin before the wake
  lastTick = now;
  const wrote = Boolean(term && pending.length);
  while (term && pending.length && (budget >= 1 || pending[0].free || pending[0].then)) {
    if (pending[0].then) { pending.shift().then(); continue; }  // a step of the page's, once the output before it is shown
    if (pending[0].free) {  // no output of the period: at once
      term.write(pending.shift().free);
      continue;
    }
    const piece = pending[0];
    const take = Math.min(piece.length, Math.floor(budget));
    term.write(take === piece.length ? piece : piece.slice(0, take));
    window.retroLastOutput = now;
    started();
    if (take === piece.length) pending.shift(); else pending[0] = piece.slice(take);
    budget -= take;
    if (baud) credit -= take;
  }
  if (!pending.length) credit = Math.min(credit, 1);
  if (wrote && !pending.length) term.write("", readerPaused);
  if (pending.length) requestAnimationFrame(tick); else ticking = false;
}

function drained() {
  return new Promise((resolve) => {
    const wait = () => (!term ? resolve() : pending.length ? setTimeout(wait, 100) : term.write("", resolve));
    wait();
  });
}

// -- starting: until the first output, the session says it is starting, with the seconds ----
let startingTimer = null;

function starting(title) {
  const since = performance.now();
  const say = () => {
    const seconds = Math.floor((performance.now() - since) / 1000);
    $("starting").textContent = `Starting ${title}\u2026 ${seconds} s`;
  };
  say();
  $("starting").hidden = false;
  clearInterval(startingTimer);
  startingTimer = setInterval(say, 1000);
}

function started() {
  if (startingTimer === null) return;
  clearInterval(startingTimer);
  startingTimer = null;
  $("starting").hidden = true;
}

// -- the terminal's size -----------------------------------------------------------------
// A program that draws on its screen (the Altair's 80x24) keeps it, and its font fits the
// window's width (and, held sideways, the height); upright on a phone the page says to turn
// it.  A teletype's program takes the columns the window shows at a legible font (at least
// LEGIBLE px), up to 80, and the rows that fit: its pty is given that size, and its lines
// wrap as on any narrow terminal.  Its font is then PHONE_FONT, a little above the least.
const LEGIBLE = 11;
const PHONE_FONT = 13;
const LARGEST_FONT = 16;
const SMALLEST_FONT = 4;
let cell = null;  // a character's width and height per px of font (measured once)

function cellRatio() {
  if (cell) return cell;
  const probe = document.createElement("span");
  probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:100px/normal ${FONT}`;
  probe.textContent = "M".repeat(20);
  document.body.append(probe);
  const box = probe.getBoundingClientRect();
  probe.remove();
  cell = {width: box.width / 20 / 100, height: Math.max(box.height / 100, 1.15)};
  return cell;
}

function frameRoom() {
  const box = $("terminal");
  const style = getComputedStyle(box);
  const edges = (a, b) => parseFloat(style[a]) + parseFloat(style[b]);
  const keys = TOUCH && !replaying;  // the key bar is shown
  const beside = keys && getComputedStyle($("stage")).flexWrap === "nowrap";  // beside the terminal
  const width = ($("stage").clientWidth || document.documentElement.clientWidth) -
                (beside ? $("keybar").offsetWidth + 12 : 0);
  const room = width - edges("paddingLeft", "paddingRight") - edges("borderLeftWidth", "borderRightWidth") - 2;
  const top = $("frame").getBoundingClientRect().top + window.scrollY;
  const below = keys && !beside ? 110 : 24;  // the key bar below it, or a margin
  const height = (window.visualViewport ? window.visualViewport.height : window.innerHeight);
  const rows = height - Math.min(top, 90) - below - edges("paddingTop", "paddingBottom") -
               edges("borderTopWidth", "borderBottomWidth");
  return {width: room, height: rows};
}

function layout(shape) {
  const {width, height} = frameRoom();
  const ratio = cellRatio();
  if (shape.draws) {
    const byWidth = width / (shape.cols * ratio.width);
    const byHeight = height / (shape.rows * ratio.height);
    const short = window.innerHeight < window.innerWidth && window.innerHeight < 560;  // a phone held sideways
    let font = Math.min(LARGEST_FONT, byWidth, short ? Math.max(byHeight, LEGIBLE) : Infinity);
    font = Math.max(SMALLEST_FONT, Math.floor(font * 2) / 2);
    return {cols: shape.cols, rows: shape.rows, font, upright: font < LEGIBLE - 2 &&
            window.innerHeight > window.innerWidth};
  }
  let font = Math.min(LARGEST_FONT, Math.floor(width / (shape.cols * ratio.width)));
  let cols = shape.cols;
  if (font < LEGIBLE) {
    font = PHONE_FONT;
    cols = Math.max(20, Math.min(shape.cols, Math.floor(width / (font * ratio.width))));
  }
  let rows = shape.rows;
  if (cols < shape.cols) rows = Math.max(8, Math.min(shape.rows, Math.floor(height / (font * ratio.height))));
  return {cols, rows, font, upright: false};
}

function makeTerminal(shape, replay) {
  if (term) term.dispose();
  screen = shape;
  const box = $("terminal");
  box.replaceChildren();
  box.className = shape.theme;
  const fit = layout(shape);
  term = new Terminal({
    cols: fit.cols, rows: fit.rows, scrollback: 5000, convertEol: replay, scrollOnEraseInDisplay: true,
    fontFamily: FONT, fontSize: fit.font, cursorBlink: blinks(replay), disableStdin: replay, theme: themeOf(shape.theme),
  });
  term.open(box);
  if (replay) term.write("\x1b[?25l");  // a replay has nobody typing: no cursor
  $("turn").hidden = !fit.upright;
  keepLastScreen(term);
  readerStart(term, shape.draws && !replay);
  tabLeaves(term);
  window.retroTerminal = term;  // for the browser tests (and the curious)
  return term;
}

function refit() {
  if (!term) return;
  const fit = layout(screen);
  term.options.fontSize = fit.font;
  $("turn").hidden = !fit.upright;
  if (fit.cols !== term.cols || fit.rows !== term.rows) {
    term.resize(fit.cols, fit.rows);
    if (session) session.resize(fit.cols, fit.rows);
  }
}
window.addEventListener("resize", refit);
// a preference changed during a session: the terminal follows it
MORE_CONTRAST.addEventListener("change", () => { if (term) term.options.theme = themeOf(screen.theme); });
LESS_MOTION.addEventListener("change", () => { if (term && !term.options.disableStdin) term.options.cursorBlink = blinks(false); });
if (window.visualViewport) window.visualViewport.addEventListener("resize", refit);

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

// -- the reader: the program's text for a screen reader (the terminal's rows are hidden from it) --
// A teletype's lines go into a log, each once, in order, as the terminal completes it; the line
// the output pauses on (a prompt) goes in when the output pauses, and is completed in place by
// what is typed.  A program that draws on its screen has its rows told by its own process (an
// OSC sequence of retro's own, retro/web/screen_text.py: the runtime's one model of the rows),
// shown in order with the cursor's row (the prompt) last, and said politely when they change.
const SCREEN_ROWS_OSC = 7077;
// Those rows are no output of the period: they pass at once, whatever the pace (a sequence that
// came in two pieces is paced, the rows then told later, never lost).
const ROWS_START = Array.from(`\x1b]${SCREEN_ROWS_OSC};`, (c) => c.charCodeAt(0));
let readerLine = null;  // the log's entry of the line the output paused on, until it is complete

function unpaced(piece) {
  const parts = [];
  let from = 0;
  for (let k = piece.indexOf(0x1b); k >= 0; k = piece.indexOf(0x1b, k + 1)) {
    if (!ROWS_START.every((byte, j) => piece[k + j] === byte)) continue;
    const end = piece.indexOf(7, k);  // BEL ends it
    if (end < 0) break;
    parts.push(piece.subarray(from, k), {free: piece.subarray(k, end + 1)});
    from = end + 1;
    k = end;
  }
  parts.push(piece.subarray(from));
  return parts.filter((part) => (part.free || part).length);
}

function readerStart(terminal, draws) {
  $("reader-screen").replaceChildren();
  $("reader-screen").hidden = !draws;
  readerLine = null;
  readerBegins();  // reader.js: nothing trusted until the session's channel gives its token
  terminal.parser.registerOscHandler(SCREEN_ROWS_OSC, (data) => { readerTold(data); return true; });
  if (draws) return;
  terminal.onLineFeed(() => {
    const buffer = terminal.buffer.active;
    readerLog(logicalLine(buffer, buffer.baseY + buffer.cursorY - 1), true);
  });
}

function said(text) {  // a line of the program's, as it wrote it
  const line = document.createElement("p");
  line.textContent = text;
  return line;
}

// The whole line (a line the terminal wrapped is one) that ends at row y of the buffer.
function logicalLine(buffer, y) {
  let first = y;
  while (first > 0 && buffer.getLine(first) && buffer.getLine(first).isWrapped) first--;
  let text = "";
  for (let k = first; k <= y; k++) text += buffer.getLine(k) ? buffer.getLine(k).translateToString(k === y) : "";
  return text.replace(/\s+$/, "");
}

function readerLog(text, complete) {
  if (readerHeld) return;  // reader.js: lines drawn again at once, logged together after
  if (readerLine && text.startsWith(readerLine.textContent)) {
    readerLine.textContent = text;  // the prompt said before, now with its answer: not said again
  } else if (text) {  // a blank line says nothing
    readerLine = said(text);
    $("reader-log").append(readerLine);
  }
  if (complete) readerLine = null;
}

// The output paused: the line the cursor is on, if it shows anything, is said (once).
function readerPaused() {
  readerSays();  // reader.js: what retro said meanwhile
  if (!term || !$("reader-screen").hidden) return;
  const buffer = term.buffer.active;
  const text = logicalLine(buffer, buffer.baseY + buffer.cursorY);
  if (text && !readerLine) readerLog(text, false);
}

// The rows that show text, in order, the cursor's (the prompt) last; only the rows that changed
// are written again, so that only they are said.
function readerScreen({rows, cursor}) {
  const order = rows.map((text, row) => ({text, row})).filter(({text}) => text.trim());
  order.sort((a, b) => (a.row === cursor) - (b.row === cursor));
  const view = $("reader-screen");
  order.forEach(({text}, k) => {
    const shown = view.children[k];
    if (!shown) view.append(said(text));
    else if (shown.textContent !== text) readerRowBecomes(shown, text);  // reader.js: only what is new said
  });
  while (view.children.length > order.length) view.lastChild.remove();
}

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
    const text = line.translateToString(false);  // untrimmed: a wrapped line's blanks at its fold are its own
    if (line.isWrapped && lines.length && y > first) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  const trimmed = lines.map((line) => line.replace(/\s+$/, ""));  // blanks written or not, as on paper
  while (trimmed.length && trimmed[trimmed.length - 1] === "") trimmed.pop();
  return trimmed.join("\n");
};

// -- the keyboard alone: Tab and Shift-Tab leave the terminal (no program reads a Tab), the
// skip link goes to it, and leaving a session gives the focus back to what started it.
let opener = null;  // the card's Start, or the recorded session's button, that opened the session

function tabLeaves(terminal) {
  terminal.attachCustomKeyEventHandler((event) => readerKey(event) &&  // reader.js: Ctrl-B, the board
    !(event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey));
  const input = $("terminal").querySelector("textarea");
  if (input) input.setAttribute("aria-describedby", "leave-hint");
}

$("skip").addEventListener("click", (event) => {
  event.preventDefault();
  if (term) term.focus();
});

function giveFocusBack() {
  if (opener && opener.isConnected) opener.focus();
  opener = null;
}


// -- the idle warning: the server ends a session nobody uses, and says so first ----------
// The server's {"type": "idle", "left": SECONDS} opens the dialog (the focus on its Go on), which
// counts the seconds down; Go on, any key in the dialog or in the terminal goes on; its
// {"left": null} (input or output came) closes it.
let idleCountdown = null;
let idleFocus = null;  // what had the focus when the warning came
// What a kiosk (kiosk.js) changes: the warning's words, what its end does, a session's end.
const idleHooks = {
  said: (seconds) => `Nothing has been typed for a while: the session ends in ${seconds} s. ` +
                     "Type on (the key goes to the program) or press Go on to keep it.",
  out: () => {},  // the countdown reached zero (the server ends a live session itself)
  ended: (counting) => {},  // a session ended, while the warning counted down or not
};

function idleWarning(left) {
  if (left === null) { idleOver(); return; }
  const until = performance.now() + left * 1000;
  const say = () => {
    const seconds = Math.max(0, Math.round((until - performance.now()) / 1000));
    $("idle-left").textContent = idleHooks.said(seconds);
    if (seconds === 0) idleHooks.out();
  };
  say();
  clearInterval(idleCountdown);
  idleCountdown = setInterval(say, 1000);
  if (!$("idle").open) { idleFocus = document.activeElement; $("idle").show(); }
  $("go-on").focus();
}

function idleOver() {
  clearInterval(idleCountdown);
  idleCountdown = null;
  const focused = $("idle").contains(document.activeElement);
  if ($("idle").open) $("idle").close();
  return focused;
}

function goOn() {
  if (session) session.active();
  idleOver();
  if (term) term.focus();
  else if (idleFocus && idleFocus.isConnected) idleFocus.focus();  // the menu: where the visitor was
}

$("go-on").addEventListener("click", goOn);
$("idle").addEventListener("close", () => { if (idleCountdown !== null) goOn(); });  // dismissed by a tap beside it
$("idle").addEventListener("keydown", (event) => {
  if (event.key === "Tab" || event.key === "Shift") return;
  event.preventDefault();
  goOn();
  // a character typed goes on, and to the program too, as typed in the terminal (Enter and Space
  // press Go on, and Ctrl or Alt keys are the browser's)
  const typed = event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.altKey && !event.metaKey;
  if (typed && term && !term.options.disableStdin) term.input(event.key, true);
});

// -- the key bar: what a touch keyboard lacks --------------------------------------------
const CURSOR = {up: "A", down: "B", right: "C", left: "D"};

function keyOf(name) {
  if (name in CURSOR) return (term && term.modes.applicationCursorKeysMode ? "\x1bO" : "\x1b[") + CURSOR[name];
  return {enter: "\r", "ctrl-c": "\x03", "ctrl-d": "\x04", esc: "\x1b"}[name];
}

for (const button of $("keybar").querySelectorAll("button")) {
  // the terminal keeps the focus (and a phone its keyboard) while a key of the bar is pressed
  button.addEventListener("pointerdown", (event) => event.preventDefault());
  button.addEventListener("mousedown", (event) => event.preventDefault());
  button.addEventListener("click", () => {
    if (!term) return;
    if (button.dataset.key === "keyboard") { term.focus(); return; }
    if (!term.options.disableStdin) term.input(keyOf(button.dataset.key), true);
  });
}

// -- the menu ----------------------------------------------------------------------------
// What the server answers (retro serve), or the files written at the same paths (retro site);
// relative to the page, which may not be at the host's root.
async function api(path) {
  const answer = await fetch(path);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}

// Text with its identifiers kept whole: a word with a hyphen or a slash inside (a program's
// id, --fix-for-stack, Ctrl-C) is never broken at them; the line wraps before it, and one
// longer than its line ends in an ellipsis (.id in retro.css).
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

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) setText(made, text);
  return made;
}

// A variant: its control (a checkbox, a choice, a number) labelled in words, and what it does
// beside it (below it on a phone), with the command line's flag small, for those who want it.
function field(program, variant) {
  const row = element("div", "variant");
  const label = document.createElement("label");
  let input;
  if (variant.kind === "flag") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.defaultChecked = input.checked = Boolean(variant.default);  // (the form's reset: its default)
    label.append(input, " ", element("span", "name", variant.label));
  } else {
    if (variant.kind === "choice") {
      input = document.createElement("select");
      for (const choice of variant.choices) {  // each in its words, the value sent the command line's
        const chosen = choice === variant.default;  // selected at first and after the form's reset
        input.add(new Option(variant.said[choice] ?? choice, choice, chosen, chosen));
      }
    } else {
      input = document.createElement("input");
      if (/integer/.test(variant.kind)) {  // a whole number: the browser says so in the visitor's words
        input.type = "number";
        input.step = "1";
        if (variant.min !== null) input.min = variant.min;
        if (variant.max !== null) input.max = variant.max;
      }
      input.defaultValue = input.value = variant.default ?? "";
    }
    label.append(element("span", "name", variant.label), " ", input);
  }
  input.dataset.name = variant.name;
  input.dataset.kind = variant.kind;
  input.dataset.default = variant.default ?? "";
  const help = element("div", "help");
  const what = element("span", "what", variant.help);
  what.id = `help-${program.id}-${variant.name}`;
  const flag = element("code", "flag", variant.flag);
  help.append(what, " ", flag);
  input.setAttribute("aria-describedby", what.id);
  row.append(label, help);
  return row;
}

// The variants a visitor changed (a default is not sent), as URL parameters and in words.
function chosen(program, form) {
  const params = new URLSearchParams();
  const words = [];
  for (const input of form.querySelectorAll("[data-name]")) {
    const variant = program.variants.find((v) => v.name === input.dataset.name);
    if (input.dataset.kind === "flag") {
      if (input.checked) { params.set(variant.name, "1"); words.push(variant.label); }
    } else if (input.value !== "" && input.value !== input.dataset.default) {
      params.set(variant.name, input.value);
      words.push(`${variant.label}: ${variant.said?.[input.value] ?? input.value}`);
    }
  }
  return {params, words};
}

let catalog = [];

function card(program) {
  const item = document.createElement("li");
  item.dataset.program = program.id;
  const meta = element("div", "meta", `${program.language}, ${program.year}`);
  const form = element("form", "card");
  form.noValidate = false;
  const more = element("details", "more");
  const summary = element("summary", "", program.variants.length ? "About it, and its variants" : "About it");
  const grid = element("div", "variants");
  for (const variant of program.variants) grid.append(field(program, variant));
  const pace = element("label", "pace");
  const baud = paceSelect(document.createElement("select"), LIVE_PACE);
  pace.append("Pace ", baud, paceSaid());
  more.append(summary, element("p", "desc", program.description),
              element("p", "machine", `On ${program.machine}; by ${program.author}.`), grid, pace);
  const start = element("button", "start", "Start");
  start.type = "submit";
  start.setAttribute("aria-label", `Start ${program.title}`);  // each program's Start named by it
  form.append(more, start);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!form.reportValidity()) { more.open = true; form.reportValidity(); return; }
    const {params, words} = chosen(program, form);
    opener = start;
    run(program, params, words, baud.value);
  });
  item.append(element("h3", "title", program.title), meta, form);
  return item;
}

async function showMenu() {
  catalog = await api("api/programs.json");
  $("programs").replaceChildren(...catalog.map(card));
  const recorded = await api("api/sessions.json");
  const box = $("recorded");
  box.replaceChildren();
  const wide = window.innerWidth > 560;  // on a phone every group starts closed (the menu stays short)
  for (const program of catalog) {
    const mine = recorded.filter((s) => s.program === program.id);
    if (!mine.length) continue;
    const groups = new Map();
    for (const s of mine) {
      const name = s.group || "Sessions";
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(s);
    }
    const details = element("details", "group");
    details.open = wide && mine.some((s) => /fig5/.test(s.id));
    details.append(element("summary", "", `${program.title} (${mine.length})`));
    for (const [name, sessions] of groups) {
      const list = element("ul", "recorded-list");
      for (const s of sessions) {
        const li = document.createElement("li");
        const button = element("button", "session", s.title);
        button.type = "button";
        button.dataset.session = s.id;
        button.addEventListener("click", () => { opener = button; replay(s.id); });
        li.append(button);
        list.append(li);
      }
      details.append(element("div", "group-name", name), list);
    }
    box.append(details);
  }
}

// -- a session ---------------------------------------------------------------------------
function open(program, title, replay) {
  $("menu").hidden = true;
  $("session").hidden = false;
  document.body.classList.add("in-session");
  $("skip").hidden = false;
  setText($("session-title"), title);
  $("ended").hidden = true;
  $("details").open = false;
  $("after").hidden = true;
  offerGame(null);  // takehome.js
  delete $("status").dataset.exit;
  $("status").textContent = "";
  $("status-details").textContent = "";
  $("notice").textContent = "";
  $("keys-hint").hidden = replay;
  $("keybar").hidden = replay || !TOUCH;
  $("player").hidden = !replay;
  pending.length = 0;
  window.retroLastOutput = 0;
  window.scrollTo(0, 0);
  const made = makeTerminal(program.terminal || {cols: 80, rows: 24, theme: "paper", draws: false}, replay);
  starting(program.title || "the session");
  return made;
}

// The end: what happened, in words; the exact status and what it means under "Details".
function finish(words, details, exit) {
  started();
  const counting = idleCountdown !== null;
  const warned = idleOver();
  setText($("status"), words);
  if (exit === "limit") $("notice").textContent = "";  // the server's end is said once, here
  setText($("status-details"), details);
  $("details").hidden = !details && $("after").hidden;
  $("status").dataset.exit = exit;
  $("ended").hidden = false;
  $("keys-hint").hidden = true;
  $("keybar").hidden = true;
  const typing = $("terminal").contains(document.activeElement);
  if (term) {  // the end shows the program's last output: its last screenful, the scrollback above it
    term.options.disableStdin = true;
    term.options.cursorBlink = false;
    term.write("\x1b[?25l");  // nobody types any more: the cursor goes
    term.blur();
    term.scrollToBottom();
  }
  $("ended").scrollIntoView({block: "nearest"});  // on a phone the bar may be below the screen
  if (typing || warned) $("again").focus();  // the keyboard's next step (or the idle warning's): back to the menu
  idleHooks.ended(counting);
}

function closeSession() {
  if (session) { const closing = session; session = null; closing.close(); }
  replaying = null;
  playerClosed();
  addressed(MENU_ADDRESS);
  pending.length = 0;
  started();
  idleOver();
  if (term) { term.dispose(); term = null; }
  $("session").hidden = true;
  $("menu").hidden = false;
  document.body.classList.remove("in-session");
  $("skip").hidden = true;
  giveFocusBack();
}

// What happened in this session, for a visitor: the server says it (the exit message's
// "words": retro.outcome.end_bar), or why the server ended it.
function ending(message) {
  return message.status === null ? `The session was ended: ${message.reason}.` : message.words;
}

function statusDetails(status, meaning) {
  return `Exit status ${status}${meaning ? `: ${meaning}` : ""}${/[.!?]$/.test(meaning || "") ? "" : "."}`;
}

function run(program, params, words, pace) {
  const terminal = open(program, words.length ? `${program.title} \u2014 ${words.join(", ")}` : program.title, false);
  $("baud").value = pace || LIVE_PACE;
  addressed(playAddress(program, params, $("baud").value));
  const channel = sessionChannel(program, params, exhibitNow);  // transport.js
  session = channel;
  const encoder = new TextEncoder();
  let ended = false;
  channel.onopen = () => channel.resize(terminal.cols, terminal.rows);
  terminal.onData((data) => {
    channel.send(encoder.encode(data));
    idleOver();  // a key goes on
  });
  terminal.onBinary((data) => channel.send(Uint8Array.from(data, (c) => c.charCodeAt(0) & 255)));
  channel.onbytes = (bytes) => emit(bytes);
  channel.onmessage = async (message) => {
    if (message.type === "exit") {
      ended = true;
      await drained();
      finish(ending(message),
             message.status === null ? `The server ended it: ${message.reason}.`
                                     : statusDetails(message.status, message.meaning),
             message.status === null ? "limit" : String(message.status));
      offerGame(message.take_home);  // takehome.js: the visitor's own game, if the server kept it
    } else if (message.type === "reader") {
      readerTrusts(message.token);  // reader.js
    } else if (message.type === "idle") {
      idleWarning(message.left);
    } else if (message.type === "notice") {
      setText($("notice"), message.text);
    } else if (message.type === "refused") {  // the exhibit is full or stopping, or a variant is wrong
      ended = true;
      finish(message.text, "The session did not start.", "refused");
    }
  };
  channel.onclose = () => {
    if (!ended && session === channel) finish("The connection was lost before the program ended.", "", "closed");
  };
  terminal.focus();
}

$("back").addEventListener("click", closeSession);
$("again").addEventListener("click", closeSession);

// A recorded session, from its start or from a move (``at``: {pace, move}, as its address says);
// its player (player.js) plays it, and the end says how it ended.  Once it plays: {ended}, the
// promise of its end (the kiosk's loop waits for it).  ``wanted``: whether it is
// still wanted once fetched (the kiosk's loop, left while it was fetched).
async function replay(id, at = {}, wanted = () => true) {
  const recording = await api(`api/sessions/${id.split("/").map(encodeURIComponent).join("/")}.json`);
  if (!wanted()) return;
  const moves = movesOf(recording);
  if (at.move > moves.length) throw new WrongAddress(`${recording.title} has ${moves.length} moves, not ${at.move}`);
  const program = catalog.find((p) => p.id === recording.program) || {};
  replaying = id;
  open(program, `${recording.title} (a recorded session)`, true);
  $("baud").value = at.pace || $("replay-baud").value;
  addressed(replayAddress(id));
  let done;
  const ended = new Promise((resolve) => { done = resolve; });  // never, for one closed before its end
  playRecording(id, recording, moves, at.move, () => { replayEnded(id, recording, program); done(); });
  return {ended};
}

function replayEnded(id, session, program) {
  if (replaying !== id) return;
  const meaning = new Map(program.exit_statuses || []).get(session.exit) || "";
  if (session.after) {
    $("after-text").textContent = session.after;
    $("after").hidden = false;
  }
  finish(`The recording is over. ${session.ending[0].toUpperCase()}${session.ending.slice(1)}.`,
         `The recording ended with the program's exit status ${session.exit}${meaning ? `: ${meaning}` : ""}.`,
         String(session.exit));
}

// What the server says of the exhibit (api/exhibit.json): whether it is a kiosk (kiosk.js), which
// keeps no address of its own (address.js), and how a session's bytes travel (transport.js); the
// menu is shown once it is known.
let exhibitNow = {kiosk: false, transport: "pty"};
const exhibitSaid = api("api/exhibit.json").catch(() => exhibitNow).then((said) => (exhibitNow = said));
const menuShown = exhibitSaid.then(showMenu).catch((error) => { $("notice").textContent = String(error); });
