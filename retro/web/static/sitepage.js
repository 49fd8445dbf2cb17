// What only the page of a site `retro site` wrote has, the programs running in the visitor's own
// browser: "Check in this browser" (its address #/check), every recorded session replayed in this
// browser's Pyodide as `retro check` replays them, how many match byte for byte and a diff for each
// that does not; and, on the card of a program that keeps what it learns (the learner), "Forget what
// it learnt", which empties its store in this browser (IndexedDB).
"use strict";

const onSite = () => exhibitNow.transport === "browser";

// -- Check in this browser -----------------------------------------------------------------
let checking = null;  // the worker that checks, while it does

async function checkHere() {
  if (!onSite()) throw new WrongAddress("This page checks the recorded sessions in the browser only on a static site");
  $("menu").hidden = true;
  $("check").hidden = false;
  $("check-differ").replaceChildren();
  $("check-said").textContent = "Checking every recorded session in this browser\u2026";
  $("check-title").focus();
  const unsupported = browserSupport();  // transport.js
  if (unsupported) { $("check-said").textContent = unsupported; return; }
  const taken = takeSpare();
  checking = taken.worker;
  let result;
  try {
    await taken.loaded;
    result = await new Promise((resolve, reject) => {
      taken.worker.onmessage = (event) => {
        if (event.data.type === "checked") resolve(event.data);
        else if (event.data.type === "failed") reject(new Error(event.data.text));
      };
      taken.worker.onerror = (event) => { event.preventDefault(); reject(new Error(event.message || "the worker stopped")); };
      taken.worker.postMessage({type: "check"});
    });
  } catch (error) {
    if (checking === taken.worker) $("check-said").textContent = `The check could not run in this browser: ${error.message}`;
    return;
  } finally {
    taken.worker.terminate();
    makeSpare();
  }
  if (checking !== taken.worker) return;  // left meanwhile
  checking = null;
  const sessions = (n) => `${n} recorded session${n === 1 ? "" : "s"}`;
  $("check-said").textContent = result.matched === result.total
    ? `All ${sessions(result.total)} match byte for byte in this browser (${result.seconds} s).`
    : `${result.matched} of ${sessions(result.total)} match byte for byte in this browser; ` +
      `${result.total - result.matched} differ (below).`;
  for (const differs of result.results.filter((r) => !r.ok)) {
    const item = document.createElement("li");
    const diff = document.createElement("pre");
    diff.textContent = differs.error || differs.diff;
    item.append(element("h3", "", differs.name), diff);
    $("check-differ").append(item);
  }
  window.retroChecked = result;  // for the browser tests
}

function closeCheck() {
  if ($("check").hidden) return;
  if (checking) { checking.terminate(); checking = null; makeSpare(); }
  $("check").hidden = true;
  $("menu").hidden = false;
}

$("check-back").addEventListener("click", () => { closeCheck(); addressed(MENU_ADDRESS); });

// -- Forget what it learnt -----------------------------------------------------------------
function forgetStore() {
  return new Promise((resolve, reject) => {
    const asked = indexedDB.deleteDatabase(exhibitNow.store);
    asked.onsuccess = () => resolve();
    asked.onerror = () => reject(asked.error);
    asked.onblocked = () => reject(new Error("a session of it is still running in another tab"));
  });
}

function offerToForget(program) {
  const item = $("programs").querySelector(`li[data-program="${CSS.escape(program.id)}"]`);
  if (!item || item.querySelector(".forget")) return;
  const row = element("p", "forget");
  const button = element("button", "", "Forget what it learnt");
  button.type = "button";
  button.setAttribute("aria-describedby", `forget-said-${program.id}`);
  const said = element("span", "hint", "It keeps what it learns in this browser, from game to game.");
  said.id = `forget-said-${program.id}`;
  said.setAttribute("role", "status");
  button.addEventListener("click", async () => {
    try {
      await forgetStore();
      said.textContent = `${program.title} has forgotten what it learnt in this browser: it starts again from nothing.`;
    } catch (error) {
      said.textContent = `It could not forget: ${error.message}.`;
    }
  });
  row.append(button, " ", said);
  item.append(row);
}

menuShown.then(() => {
  if (!onSite()) return;
  $("check-offer").hidden = false;
  for (const program of catalog) if (program.stores) offerToForget(program);
});
