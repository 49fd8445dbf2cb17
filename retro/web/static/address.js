// The page's address names what is on screen: the menu (no fragment), a program with the variants
// it was started with (#/play/ID?variant=value&pace=BAUD), a recorded session at its pace and the
// move shown (#/replay/ID/NAME?pace=BAUD&move=N).  Opening an address shows it again (at a move, a
// replay waits there, paused); back and forward go between the menu and a session; an address that
// names nothing here is said so in words, over the menu.  The fragment never reaches the server.
"use strict";

const MENU_ADDRESS = "";
let following = false;  // an address is being opened: the page's changes of address replace it
let addressesKept = false;  // not in a kiosk (kiosk.js keeps the history its own way), once the server said so
let chosenMeanwhile = null;  // what a visitor opened before the addresses were kept (the recordings still listed)

class WrongAddress extends Error {}

// What is shown now, at ``fragment``: a new entry of the history (back returns to what was shown
// before), or the same entry named anew (``replace``: a move reached, a pace changed).
function addressed(fragment, replace = false) {
  if (!addressesKept) chosenMeanwhile = fragment;
  if (!addressesKept || location.hash === fragment) return;
  const url = fragment || location.pathname + location.search;
  if (replace || following) history.replaceState(null, "", url); else history.pushState(null, "", url);
}

function readdress(changes) {  // the address of the session shown, with a parameter changed
  if (!location.hash.startsWith("#/")) return;
  const [path, query] = location.hash.split("?");
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name); else params.set(name, value);
  }
  addressed(params.size ? `${path}?${params}` : path, true);
}

function playAddress(program, params, pace) {
  const all = new URLSearchParams(params);
  if (pace !== LIVE_PACE) all.set("pace", pace);
  return `#/play/${encodeURIComponent(program.id)}${all.size ? `?${all}` : ""}`;
}

function replayAddress(id) {
  return `#/replay/${id.split("/").map(encodeURIComponent).join("/")}?pace=${$("baud").value}`;
}

// The address of the page as it is now, opened: the menu, a program or a recorded session.
async function follow() {
  const fragment = location.hash;  // read first: closing the session shown names the menu
  following = true;
  $("address-said").textContent = "";
  try {
    if (!$("session").hidden) closeSession();
    closeCheck();  // sitepage.js
    await openAddress(fragment);
  } catch (error) {
    closeSession();
    $("address-said").textContent = error instanceof WrongAddress ? `${error.message}: here is the menu instead.`
      : `The page could not open its address (${error.message}): here is the menu instead.`;
  } finally {
    following = false;
  }
}

async function openAddress(fragment) {
  const [path, query = ""] = fragment.replace(/^#/, "").split("?");
  let parts;
  try {
    parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new WrongAddress("This page's address is not one it understands");
  }
  if (!parts.length) return;  // the menu
  const params = new URLSearchParams(query);
  const pace = params.get("pace");
  params.delete("pace");
  if (pace !== null && !PACES.some(([baud]) => baud === pace)) {
    throw new WrongAddress(`The address asks for a pace of \u201c${pace}\u201d, which this page does not offer`);
  }
  if (parts[0] === "play" && parts.length === 2) return startAt(parts[1], params, pace);
  if (parts[0] === "replay" && parts.length === 3) return replayAt(`${parts[1]}/${parts[2]}`, params, pace);
  if (parts[0] === "check" && parts.length === 1) return checkHere();  // sitepage.js
  throw new WrongAddress("This page's address names nothing on it");
}

// A program started with the variants its address names, set in its card as a visitor sets them.
function startAt(id, params, pace) {
  const program = catalog.find((p) => p.id === id);
  if (!program) throw new WrongAddress(`There is no program called \u201c${id}\u201d`);
  const form = $("programs").querySelector(`li[data-program="${CSS.escape(id)}"] form`);
  form.reset();
  for (const [name, value] of params) {
    const variant = program.variants.find((v) => v.name === name);
    const input = form.querySelector(`[data-name="${CSS.escape(name)}"]`);
    if (!variant || !input) throw new WrongAddress(`${program.title} has no variant called \u201c${name}\u201d`);
    if (input.dataset.kind === "flag") input.checked = value === "1";
    else input.value = value;
    const kept = input.dataset.kind === "flag" ? ["0", "1"].includes(value) : input.value === value;
    if (!kept || !input.checkValidity()) {
      throw new WrongAddress(`\u201c${value}\u201d is not a choice of ${program.title}'s ${variant.label}`);
    }
  }
  const {params: chosenParams, words} = chosen(program, form);
  run(program, chosenParams, words, pace || LIVE_PACE);
}

async function replayAt(id, params, pace) {
  const move = params.get("move") ?? "0";
  if (!/^\d{1,4}$/.test(move)) throw new WrongAddress(`\u201c${move}\u201d is not a move's number`);
  if (!$("recorded").querySelector(`[data-session="${CSS.escape(id)}"]`)) {
    throw new WrongAddress(`There is no recorded session called \u201c${id}\u201d`);
  }
  await replay(id, {pace: pace || undefined, move: Number(move)});
}

Promise.all([menuShown, exhibitSaid]).then(([, exhibit]) => {
  if (exhibit.kiosk) return;
  addressesKept = true;
  window.addEventListener("popstate", () => follow());
  // A visitor who pressed Start while the recordings were still being listed keeps that session:
  // it is newer than the address the page was opened at, and now names it.
  if (chosenMeanwhile !== null) addressed(chosenMeanwhile, true); else follow();
});
