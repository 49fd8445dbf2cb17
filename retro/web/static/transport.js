// How a session's bytes travel: one page, two transports.  On `retro serve` a WebSocket to the
// program on a pseudo-terminal of the server's; on a site `retro site` wrote, a Web Worker running
// the program in the visitor's own browser (worker.js: Pyodide).  Both carry the same small
// messages, so the page (retro.js) has one code path: it calls send (keys), resize, active (a key
// that answers the idle warning) and close, and is told onopen, onbytes (the terminal's bytes),
// onmessage ({type: "exit" | "idle" | "notice" | "refused", ...}) and onclose; live() says whether it
// is starting or running.  Which one the page
// uses, api/exhibit.json says ("transport": "pty" or "browser").
"use strict";

function channel() {
  return {onopen() {}, onbytes() {}, onmessage() {}, onclose() {}};
}

// -- retro serve: a WebSocket to a pty -----------------------------------------------------
function socketChannel(program, params) {
  const made = channel();
  const address = new URL(`ws/run/${encodeURIComponent(program.id)}?${params}`, location.href);
  address.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(address);
  ws.binaryType = "arraybuffer";
  const open = () => ws.readyState === WebSocket.OPEN;
  made.send = (bytes) => { if (open()) ws.send(bytes); };
  made.resize = (cols, rows) => { if (open()) ws.send(JSON.stringify({type: "resize", cols, rows})); };
  made.active = () => { if (open()) ws.send(JSON.stringify({type: "active"})); };
  made.close = () => ws.close();
  made.live = () => ws.readyState <= WebSocket.OPEN;
  ws.onopen = () => made.onopen();
  ws.onmessage = (event) => {
    if (event.data instanceof ArrayBuffer) made.onbytes(new Uint8Array(event.data));
    else made.onmessage(JSON.parse(event.data));
  };
  ws.onclose = () => made.onclose();
  return made;
}

// -- retro site: the program in a Web Worker of this page ----------------------------------
// A spare worker is made as the page opens, and loads Pyodide and retro while the visitor reads
// the menu, as retro serve's template process waits loaded; a session takes it, and the next spare
// is made once the program has begun to write (or the session has ended).  Each session has a fresh worker, ended with the session:
// nothing of one session is in the next.
const WORKER = "static/worker.js";
const NEXT_SPARE_AFTER = 1000;  // ms after the program's first bytes: its own start goes first
let spare = null;
let firstSpare = true;  // the page's first worker may start from the snapshot a visit kept

function spareWorker() {
  const worker = new Worker(firstSpare ? `${WORKER}?first` : WORKER, {type: "module"});  // worker.js, FIRST
  firstSpare = false;
  const loaded = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      if (event.data.type === "loaded") { window.retroLoadMarks = event.data.marks; resolve(worker); }
      else if (event.data.type === "failed") reject(new Error(event.data.text));
    };
    worker.onerror = (event) => { event.preventDefault(); reject(new Error(event.message || "the worker did not start")); };
  });
  loaded.catch(() => {});  // said when a session takes it
  const made = {worker, loaded, ready: false};
  loaded.then(() => { made.ready = true; }, () => {});
  return made;
}
window.retroSpareLoaded = () => Boolean(spare && spare.ready);  // for the browser tests

function takeSpare() {
  const taken = spare || spareWorker();
  spare = null;
  taken.worker.postMessage({type: "wanted"});  // it loads for this session: it takes no snapshot first
  return taken;
}

function makeSpare() {
  if (!spare && browserSupport() === null) spare = spareWorker();
}

// How a program's read waits for a key here: "jspi" (WebAssembly JSPI suspends the program, which
// needs no headers of the server's), "shared" (without JSPI, on a page the server made cross-origin
// isolated: the worker blocks in Atomics.wait on memory it shares with the page), or null.
function waitsBy() {
  if (typeof WebAssembly !== "undefined" && typeof WebAssembly.Suspending !== "undefined") return "jspi";
  if (self.crossOriginIsolated && typeof SharedArrayBuffer !== "undefined") return "shared";
  return null;
}

// Why this browser cannot run the programs, in words (null: it can).
function browserSupport() {
  if (typeof Worker === "undefined") return "This browser has no Web Workers, in which the programs run.";
  if (waitsBy() === null) {
    return "This browser cannot pause a program while it waits for a key (WebAssembly JSPI), which the " +
           "programs need here. Chrome and Edge from version 137, Firefox from 153 and Safari from 27 can.";
  }
  return null;
}

// The keys and the terminal's size in memory shared with the worker, for a browser without JSPI: the
// worker (worker.js, sharedPage) waits on the count of bytes written.  Its layout: four 32-bit words
// (bytes written, bytes read, rows, columns), then a ring of KEY_RING bytes.  Keys past a ring the
// program has not read are dropped, as retro serve drops keys past those queued (websocket.py).
const KEY_RING = 1 << 16;

function sharedKeys() {
  const memory = new SharedArrayBuffer(16 + KEY_RING);
  const words = new Int32Array(memory, 0, 4);
  const ring = new Uint8Array(memory, 16);
  return {
    memory,
    write(bytes) {
      const written = Atomics.load(words, 0);
      const room = KEY_RING - (written - Atomics.load(words, 1));
      const taken = bytes.subarray(0, Math.max(0, room));
      taken.forEach((byte, i) => { ring[(written + i) % KEY_RING] = byte; });
      Atomics.store(words, 0, written + taken.length);
      Atomics.notify(words, 0);
    },
    resize(cols, rows) {
      Atomics.store(words, 2, rows);
      Atomics.store(words, 3, cols);
    },
  };
}

function workerChannel(program, params, settings) {
  const made = channel();
  const waiting = [];  // keys typed before the program started
  let size = null;
  let worker = null;
  let closed = false;
  const post = (message, moved) => { if (worker && !closed) worker.postMessage(message, moved || []); };
  const shared = waitsBy() === "shared" ? sharedKeys() : null;
  const idle = idleWatch(made, settings, () => stop());
  made.send = (bytes) => {
    idle.active();
    if (!worker) waiting.push(bytes);
    else if (shared) shared.write(bytes);
    else post({type: "keys", data: bytes}, [bytes.buffer]);
  };
  made.resize = (cols, rows) => {
    size = {cols, rows};
    if (shared) shared.resize(cols, rows);
    post({type: "resize", cols, rows});
  };
  made.active = () => idle.active();
  const stop = () => {
    closed = true;
    idle.stop();
    if (worker) worker.terminate();
    makeSpare();  // for the next session, if the program never wrote
  };
  made.close = () => {
    if (closed) return;
    stop();
    made.onclose();
  };
  made.live = () => !closed;
  const unsupported = browserSupport();
  const taken = unsupported === null ? takeSpare() : null;
  setTimeout(() => made.onopen(), 0);
  if (!taken) {
    setTimeout(() => made.onmessage({type: "refused", text: unsupported}), 0);
    return made;
  }
  let begun = false;  // the program has written: the next spare may load
  taken.loaded.then(() => {
    if (closed) { taken.worker.terminate(); return; }
    worker = taken.worker;
    window.retroWorker = worker;  // for the browser tests (and the curious)
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "bytes") {
        idle.active();
        if (!begun) { begun = true; setTimeout(makeSpare, NEXT_SPARE_AFTER); }
        made.onbytes(message.data);
        return;
      }
      if (message.type === "reader") { made.onmessage(message); return; }
      stop();  // the session's last message: its worker has done its work
      if (message.type === "failed") made.onmessage({type: "refused", text: `The program could not run here: ${message.text}`});
      else made.onmessage(message.type === "exit" ? {...message, take_home: homeLinks(message.take_home)} : message);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (closed) return;
      stop();
      made.onmessage({type: "exit", status: null,
                      reason: `the program's worker stopped (${event.message || "it ran out of memory, perhaps"})`});
    };
    const {cols, rows} = size || {cols: 80, rows: 24};
    if (shared) shared.resize(cols, rows);
    post({type: "start", program: program.id, query: String(params), cols, rows, keep: !settings.kiosk,
          folder: settings.store, shared: shared && shared.memory});
    for (const bytes of waiting.splice(0)) made.send(bytes);
  }, (error) => {
    if (!closed) made.onmessage({type: "refused", text: `The programs could not be loaded in this browser: ${error.message}`});
  });
  return made;
}

// A kiosk's session nobody uses ends, as retro serve ends it: the page warned (its "idle" message)
// warning_seconds before, the warning withdrawn by a key or the program's output.
function idleWatch(made, settings, stop) {
  const watch = {active() {}, stop() {}};
  if (!settings.idle_seconds) return watch;
  let last = performance.now();
  let warned = false;
  const timer = setInterval(() => {
    const left = settings.idle_seconds - (performance.now() - last) / 1000;
    if (left < 0) {
      stop();
      made.onmessage({type: "notice", text: `No input for ${settings.idle_seconds} seconds: the session ends.`});
      made.onmessage({type: "exit", status: null, reason: `no input for ${settings.idle_seconds} seconds`});
    } else if (warned !== (left <= settings.warning_seconds)) {
      warned = !warned;
      made.onmessage({type: "idle", left: warned ? Math.floor(left) : null});
    }
  }, 1000);
  watch.active = () => { last = performance.now(); };
  watch.stop = () => clearInterval(timer);
  return watch;
}

// The visitor's own game, made in the worker as text, offered as files to download (takehome.js).
const HOME_FORMS = [["transcript", "text/plain", "txt"], ["cast", "application/x-asciicast", "cast"]];

function homeLinks(game) {
  if (!game) return null;
  const links = {words: game.words, names: {}};
  for (const [form, type, ending] of HOME_FORMS) {
    if (!game[form]) continue;
    links[form] = URL.createObjectURL(new Blob([game[form]], {type: `${type};charset=utf-8`}));
    links.names[form] = `${game.name}.${ending}`;
  }
  return links;
}

// The channel of a new session, as this exhibit carries them.
function sessionChannel(program, params, settings) {
  return settings.transport === "browser" ? workerChannel(program, params, settings) : socketChannel(program, params);
}

exhibitSaid.then((settings) => { if (settings.transport === "browser") makeSpare(); });
