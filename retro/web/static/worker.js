// retro site: one session's program in the visitor's own browser.  This Web Worker loads Pyodide
// (CPython in WebAssembly) and retro's Python (static/py/, written by `retro site`) as soon as it is
// made, so that a spare one waits loaded while the visitor reads the menu; it then runs one session
// (retro/browser/worker.py), or checks every shipped transcript, and is never used again.
//
// The page and the worker speak the small messages of retro serve's WebSocket: the page sends
// {type: "wanted"} (a session waits for it), {type: "start", program, query, cols, rows, keep, folder},
// {type: "keys", data}, {type: "resize", cols, rows} or {type: "check"}; the worker answers
// {type: "loaded"}, {type: "bytes", data}, the session's last message ({type: "exit" | "refused",
// ...}), {type: "checked", ...}, or {type: "failed", text} when it cannot load.  A read that waits
// for a key suspends the program with JSPI (pyodide.ffi.run_sync on the promise of `page.keys`): the
// worker's events go on meanwhile.
import {loadPyodide, version} from "./vendor/pyodide.mjs";

const typed = [];  // keys the page sent, not yet read by the program
let waiting = null;  // the program's read that waits: {resolve, timer}
let size = [24, 80];  // the terminal's rows and columns
let store = null;  // the folder of the browser's storage (IndexedDB) the program keeps its files in
let stored = "";  // what that folder held when it was last kept

function joined(pieces) {
  const all = new Uint8Array(pieces.reduce((n, piece) => n + piece.length, 0));
  let at = 0;
  for (const piece of pieces) { all.set(piece, at); at += piece.length; }
  return all;
}

const NOTHING = new Uint8Array(0);  // no key came in time (JS null would reach Python as jsnull, not None)

function hand(resolve) {
  resolve(joined(typed.splice(0)));
}

function write(data) { postMessage({type: "bytes", data}, [data.buffer]); }

// What Python's retro.browser.page.WorkerPage calls, with JSPI: each wait a promise.
const page = {
  blocking: false,
  write,
  keys(ms) {  // a promise of what was typed: at once if something was, else within ms (-1: until a key)
    return (async () => {
      if (!typed.length && ms !== 0) await keep();  // the program waits for the visitor: what it wrote is kept
      return new Promise((resolve) => {
        if (typed.length) { hand(resolve); return; }
        if (ms === 0) { resolve(NOTHING); return; }
        const timer = ms > 0 ? setTimeout(() => { waiting = null; resolve(NOTHING); }, ms) : null;
        waiting = {resolve, timer};
      });
    })();
  },
  size() { return size; },
  sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); },
};

// The same without JSPI, on a cross-origin isolated page: each wait blocks this worker in
// Atomics.wait on the memory the page writes the keys and the size to (transport.js, sharedKeys,
// has its layout).  The worker's events wait meanwhile, so the program's files are kept in the
// browser's storage at the session's end only.
const KEY_RING = 1 << 16;

function sharedPage(memory) {
  const words = new Int32Array(memory, 0, 4);
  const ring = new Uint8Array(memory, 16);
  const pause = new Int32Array(new SharedArrayBuffer(4));  // nobody wakes it: a sleep
  const typedNow = () => {
    const written = Atomics.load(words, 0);
    const read = Atomics.load(words, 1);
    if (written === read) return null;
    const got = new Uint8Array(written - read);
    for (let i = 0; i < got.length; i++) got[i] = ring[(read + i) % KEY_RING];
    Atomics.store(words, 1, written);
    return got;
  };
  return {
    blocking: true,
    write,
    keys(ms) {  // what was typed: at once if something was, else within ms (-1: until a key)
      const until = ms < 0 ? Infinity : performance.now() + ms;
      for (;;) {
        const got = typedNow();
        if (got) return got;
        const left = until - performance.now();
        if (left <= 0) return NOTHING;
        Atomics.wait(words, 0, Atomics.load(words, 1), left);
      }
    },
    size() { return [Atomics.load(words, 2) || size[0], Atomics.load(words, 3) || size[1]]; },
    sleep(ms) { Atomics.wait(pause, 0, 0, ms); },
  };
}

let pyodide = null;

// Pyodide's WebAssembly is on the site gzipped (retro/static_site.py: a plain static server sends
// files as they are): its fetch is answered with the file inflated as it arrives.
const fetchAsIs = self.fetch.bind(self);
self.fetch = async (resource, options) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  if (!url.endsWith("/pyodide.asm.wasm")) return fetchAsIs(resource, options);
  const answer = await fetchAsIs(`${url}.gz`);
  if (!answer.ok) return answer;
  return new Response(answer.body.pipeThrough(new DecompressionStream("gzip")),
                      {headers: {"Content-Type": "application/wasm"}});
};

const marks = {};  // when each step of the load ended (ms since the worker began): the benchmark's

// A later visit starts from a memory snapshot of a loaded interpreter (Pyodide's own), skipping
// CPython's start and every import: a worker that loads with no snapshot kept, before any session
// asks for it, imports every program's code (retro.browser.worker.preload), takes the snapshot and
// keeps it in the browser's Cache Storage, under a name that changes with Pyodide's version and
// retro's archives.  Only a page's first worker (transport.js: "?first") starts from it: later ones
// mostly load while a session runs, where nobody waits for them, and a tab that started each from the 31 MB snapshot
// held garbage the browser was slow to collect (BENCHMARKS.md, "site").  Without Cache Storage (a
// page neither https nor on this computer) every visit loads afresh.
const FIRST = new URL(import.meta.url).searchParams.has("first");
const SNAPSHOTS = "retro-snapshot";
let asked = false;  // a session or a check has asked for this worker

async function snapshotCache() {
  try { return self.caches ? await caches.open(SNAPSHOTS) : null; } catch { return null; }
}

async function interpreter(indexURL, cache, key) {
  let kept = cache && await cache.match(key);
  if (kept && FIRST) {
    try {
      const pyodide = await loadPyodide({indexURL, packages: [], _loadSnapshot: kept.arrayBuffer()});
      pyodide._api.config._loadSnapshot = null;  // its 31 MB, copied into the interpreter's memory, let go
      return {pyodide, fresh: false, keeps: false};
    } catch (error) {
      console.error("retro: the kept snapshot could not be loaded; it is set aside", error);
      await cache.delete(key);
      kept = null;
    }
  }
  const keeps = Boolean(cache) && !kept;  // none kept yet: this one may take it
  return {pyodide: await loadPyodide({indexURL, packages: [], _makeSnapshot: keeps}), fresh: true, keeps};
}

async function snapshotKept(cache, key) {
  pyodide.runPython("import retro.browser.worker; retro.browser.worker.preload()");
  marks.preloaded = performance.now();
  const snapshot = pyodide.makeMemorySnapshot();
  for (const old of await cache.keys()) await cache.delete(old);
  await cache.put(key, new Response(snapshot, {headers: {"Content-Type": "application/octet-stream"}}));
  marks.snapshot = performance.now();
}

async function load() {
  const base = new URL(".", import.meta.url);
  const manifest = await (await fetch(new URL("py/manifest.json", base))).json();
  const archives = manifest.archives.map(async (archive) => {  // fetched while Pyodide loads
    const answer = await fetch(new URL(`py/${archive}`, base));
    if (!answer.ok) throw new Error(`py/${archive}: ${answer.status}`);
    return answer.arrayBuffer();
  });
  archives.forEach((fetched) => fetched.catch(() => {}));  // said below, when awaited
  const cache = await snapshotCache();
  const key = new URL(`py/snapshot-${version}-${manifest.archives.join("-")}`, base).href;
  const made = await interpreter(new URL("vendor/", base).href, cache, key);
  pyodide = made.pyodide;
  marks.pyodide = performance.now();
  marks.from = made.fresh ? "afresh" : "snapshot";
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const fetched of archives) {  // a snapshot holds the interpreter's memory, not its files
    pyodide.unpackArchive(await fetched, "zip", {extractDir: site});
  }
  marks.archives = performance.now();
  pyodide.runPython("import retro.browser.worker");  // loaded now, not when the visitor starts
  marks.imported = performance.now();
  if (made.keeps && !asked) {
    try { await snapshotKept(cache, key); } catch (error) { console.error("retro: no snapshot kept", error); }
  }
}

// The program's files in the browser's storage: the folder mounted from IndexedDB (IDBFS) and read
// before the session; written back whenever the program waits for a key and its files changed, and
// at its end.  IDBFS writes what changed in one IndexedDB transaction: all of it, or nothing.
function syncfs(populate) {
  return new Promise((resolve, reject) => pyodide.FS.syncfs(populate, (error) => error ? reject(error) : resolve()));
}

function contents() {
  if (!store) return "";
  const FS = pyodide.FS;
  return FS.readdir(store).filter((name) => name !== "." && name !== "..")
    .map((name) => `${name}:${FS.stat(`${store}/${name}`).mtime}`).join("/");
}

async function keep() {
  const now = contents();
  if (now === stored) return;
  stored = now;
  try { await syncfs(false); } catch (error) { console.error("retro: the browser's storage could not be written", error); }
}

async function mount(folder) {
  store = folder;
  pyodide.FS.mkdirTree(folder);
  pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, folder);
  await syncfs(true);
  stored = contents();
}

// The reader's token (retro/web/screen_text.py): the page trusts retro's words among the program's
// bytes only with it, and only this worker and the page know it.
function readerToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function start(message) {
  size = [message.rows, message.cols];
  await mount(message.folder);
  const token = readerToken();
  postMessage({type: "reader", token});
  const worker = pyodide.pyimport("retro.browser.worker");
  const args = [message.program, message.query, message.folder, message.keep, token];
  const answer = message.shared ? worker.start(sharedPage(message.shared), ...args)
    : await worker.start.callPromising(page, ...args);
  await keep();
  postMessage(JSON.parse(answer));
}

async function check() {
  const worker = pyodide.pyimport("retro.browser.worker");
  postMessage({type: "checked", ...JSON.parse(worker.check_all())});
}

const loaded = load().then(() => postMessage({type: "loaded", marks}),
                           (error) => { postMessage({type: "failed", text: String(error)}); throw error; });

onmessage = async (event) => {
  const message = event.data;
  if (message.type === "keys") {
    typed.push(message.data);
    if (waiting) { const {resolve, timer} = waiting; waiting = null; clearTimeout(timer); hand(resolve); }
  } else if (message.type === "resize") {
    size = [message.rows, message.cols];
  } else if (message.type === "wanted") {  // a session waits for this worker: it loads for it alone
    asked = true;
  } else if (message.type === "start" || message.type === "check") {
    asked = true;
    try {
      await loaded;
      await (message.type === "start" ? start(message) : check());
    } catch (error) {
      console.error(error);
      postMessage({type: "failed", text: String(error && error.message || error)});
    }
  }
};
