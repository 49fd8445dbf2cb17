// retro serve --kiosk, for an unattended screen.  The page opens on the attract loop: the published
// games replayed one after another at a period pace, each with its title.  A key or a touch shows
// the programs (that key goes to no program).  After the idle time with nothing typed, the idle
// warning (retro.js) counts down, "Still playing?"; any key or touch goes on; at zero the loop
// comes back.  In a live session the clock is the server's: its {"type": "idle"} opens the
// countdown with the seconds it has left, and the session closes at zero (when the server ends
// it, if its end comes first).  Elsewhere the page keeps the same clock, with the server's times.
// Nothing leads out: no download (class "download"), no context menu, no text to select, and the
// browser's Back goes to the menu.  The server says whether this is a kiosk (/api/exhibit), never
// the address.
"use strict";

(() => {
  const LOOP_PACE = "1200";  // a period pace: 120 characters a second
  const LOOP_HOLD = 8000;  // a game's end stays on the screen this long (ms) before the next
  let exhibit = null;  // the server's word: /api/exhibit
  let looping = false;
  let round = 0;  // each loop started, and each stop, counts: an older loop stops
  let next = 0;  // the published game the loop plays next
  let lastActive = performance.now();
  let swallowClick = false;  // the touch that ended the loop is no click on what it showed
  let backKept = false;  // an entry of the history pushed after a key or a touch (Chromium's Back
  // passes over one pushed before any)

  const liveSession = () => Boolean(session && session.live());

  async function attract() {
    const mine = ++round;
    looping = true;
    idleOver();
    closeSession();
    document.body.classList.add("looping");
    $("attract").hidden = false;
    while (mine === round) {
      const id = exhibit.loop[next++ % exhibit.loop.length];
      $("replay-baud").value = LOOP_PACE;
      try {
        const playing = await replay(id, {}, () => mine === round);
        if (playing) await playing.ended;
      } catch { /* a game that could not be fetched: the next one */ }
      if (mine !== round) return;
      await new Promise((resolve) => setTimeout(resolve, LOOP_HOLD));
    }
  }

  function showPrograms() {
    round++;
    looping = false;
    document.body.classList.remove("looping");
    $("attract").hidden = true;
    closeSession();
    $("replay-baud").value = REPLAY_PACE;
    lastActive = performance.now();
    window.scrollTo(0, 0);
  }

  // Any key or touch: the loop gives way to the programs, a countdown goes on, the clock starts again.
  function active(event) {
    lastActive = performance.now();
    if (!backKept) history.pushState({kiosk: true}, "");
    backKept = true;
    if (event.type === "pointerdown") swallowClick = looping;
    if (looping) {
      event.preventDefault();
      event.stopImmediatePropagation();
      showPrograms();
    } else if ($("idle").open) {
      goOn();
    }
  }

  // Where no program runs, the page's clock: the countdown as long before the idle time's end as
  // the server's warning in a live session.
  function watch() {
    if (looping || liveSession() || idleCountdown !== null) return;
    const quiet = (performance.now() - lastActive) / 1000;
    if (quiet >= exhibit.idle_seconds - exhibit.warning_seconds) idleWarning(exhibit.warning_seconds);
  }

  // The browser's own keys that lead out of a kiosk or show what is behind it do nothing: save,
  // print, open a file, the page's source, the address bar, find, history, downloads, bookmarks,
  // a new window or tab, reload, zoom, back and forward, the function keys (F6: the address bar,
  // F11: full screen, F12: developer tools) and the developer tools' own (Ctrl+Shift+I, J, C).
  // A terminal that has the focus has taken its keys before (Ctrl-S, Ctrl-L, Ctrl-U reach the
  // program); the rest the kiosk's Chromium policies stop (README, An unattended screen).
  const CTRL_KEYS = new Set(["s", "p", "o", "u", "l", "f", "g", "h", "j", "d", "e", "k", "n", "t", "r",
                             "+", "=", "-", "0"]);
  const CTRL_SHIFT_KEYS = new Set(["i", "j", "c", "k", "m", "o", "b", "delete"]);
  const ALT_KEYS = new Set(["arrowleft", "arrowright", "home", "d", "e", "f"]);

  function browsersKey(event) {
    const key = event.key.toLowerCase();
    if (/^F([1-9]|1[0-2])$/.test(event.key)) return true;
    if (event.ctrlKey || event.metaKey) return (event.shiftKey ? CTRL_SHIFT_KEYS : CTRL_KEYS).has(key);
    return event.altKey && ALT_KEYS.has(key);
  }

  function leadsNowhere() {
    window.addEventListener("keydown", (event) => { if (browsersKey(event)) event.preventDefault(); });
    document.addEventListener("contextmenu", (event) => event.preventDefault());
    document.addEventListener("dragstart", (event) => event.preventDefault());
    history.pushState({kiosk: true}, "");
    window.addEventListener("popstate", () => {
      history.pushState({kiosk: true}, "");  // Back again stays too (the page has had a key or a touch)
      if (!looping && !$("session").hidden) showPrograms();  // Back: the menu, never out
    });
  }

  async function start() {
    exhibit = await exhibitSaid;
    if (!exhibit.kiosk) return;
    document.body.classList.add("kiosk");
    $("idle-title").textContent = "Still playing?";
    idleHooks.said = (seconds) => `${seconds} s left. Press any key or touch the screen to go on playing.`;
    idleHooks.out = () => { if (!looping) attract(); };  // a live session's zero is the server's end too
    idleHooks.ended = (counting) => {
      lastActive = performance.now();
      if (counting && !looping) attract();  // the server ended the session for want of input
    };
    window.addEventListener("keydown", active, true);
    window.addEventListener("pointerdown", active, true);
    window.addEventListener("wheel", () => { lastActive = performance.now(); }, {passive: true});  // reading on
    window.addEventListener("click", (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopImmediatePropagation();
    }, true);
    leadsNowhere();
    await menuShown;
    setInterval(watch, 1000);
    if (exhibit.loop.length) attract();
  }

  start().catch((error) => { $("notice").textContent = String(error); });
})();
