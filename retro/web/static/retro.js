// retro serve: the menu, a terminal for a running program, replays of recorded sessions.
// The program runs on the server exactly as `retro run` in a pipe; this page shows its bytes,
// echoes each line typed (as a terminal echoes it) and paces the output at the chosen baud rate.
"use strict";

const $ = (id) => document.getElementById(id);
const screen = $("screen");
let socket = null;
let replaying = null;

// -- the paced teletype ------------------------------------------------------------------
const pending = [];  // [text, class] still to be shown
let lastTick = performance.now();
let credit = 0;

function emit(text, cls) {
  if (text) pending.push([text, cls || ""]);
}

function append(text, cls) {
  const last = screen.lastChild;
  if (last && last.dataset && last.dataset.cls === cls) {
    last.textContent += text;
  } else {
    const span = document.createElement("span");
    span.dataset.cls = cls;
    if (cls) span.className = cls;
    span.textContent = text;
    screen.appendChild(span);
  }
  const box = $("terminal");
  box.scrollTop = box.scrollHeight;
}

function tick(now) {
  const baud = Number($("baud").value);
  let budget = baud ? (credit += (now - lastTick) * baud / 10000) : Infinity;
  lastTick = now;
  while (pending.length && budget >= 1) {
    const [text, cls] = pending[0];
    const take = Math.min(text.length, Math.floor(budget));
    append(text.slice(0, take), cls);
    if (take === text.length) pending.shift(); else pending[0][0] = text.slice(take);
    budget -= take;
    if (baud) credit -= take;
  }
  if (!pending.length) credit = Math.min(credit, 1);
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

// -- the menu ----------------------------------------------------------------------------
async function api(path) {
  const answer = await fetch(path);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}

function field(variant) {
  const label = document.createElement("label");
  label.title = variant.help;
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
  return label;
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
    title.textContent = program.title;
    const meta = document.createElement("div");
    meta.className = "meta";
    meta.textContent = `${program.language} \u2014 ${program.machine} \u2014 ${program.year}`;
    const desc = document.createElement("p");
    desc.className = "desc";
    desc.textContent = program.description;
    const form = document.createElement("form");
    form.className = "variants";
    for (const variant of program.variants) form.append(field(variant));
    const start = document.createElement("button");
    start.textContent = "Start";
    start.type = "submit";
    form.append(start);
    form.addEventListener("submit", (event) => { event.preventDefault(); run(program, chosen(form)); });
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
    summary.textContent = `${program.title} (${mine.length})`;
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
        button.textContent = s.id.split("/")[1];
        button.dataset.session = s.id;
        button.addEventListener("click", () => replay(s.id));
        li.append(button, " " + s.title);
        list.append(li);
      }
      details.append(heading, list);
    }
    box.append(details);
  }
}

// -- a session ---------------------------------------------------------------------------
function open(program, title) {
  $("menu").hidden = true;
  $("session").hidden = false;
  $("session-title").textContent = title;
  $("terminal").className = /video terminal/.test(program.machine) ? "glass" : "paper";
  screen.replaceChildren();
  pending.length = 0;
  $("status").textContent = "";
}

function closeSession() {
  if (socket) { socket.close(); socket = null; }
  replaying = null;
  pending.length = 0;
  $("session").hidden = true;
  $("menu").hidden = false;
}

function run(program, params) {
  open(program, `${program.title}${params.toString() ? "  (" + params.toString().replaceAll("&", " ") + ")" : ""}`);
  $("input-line").hidden = false;
  const decoder = new TextDecoder("utf-8");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/run/${encodeURIComponent(program.id)}?${params}`);
  socket.binaryType = "arraybuffer";
  socket.onmessage = (event) => {
    if (event.data instanceof ArrayBuffer) { emit(decoder.decode(event.data, {stream: true})); return; }
    const message = JSON.parse(event.data);
    if (message.type === "exit") {
      const how = message.status === null ? `ended: ${message.reason}` : `ended with status ${message.status}`;
      $("status").textContent = `[${program.id} ${how}]  Choose another from the menu.`;
      $("status").dataset.exit = message.status === null ? "limit" : String(message.status);
      $("input-line").hidden = true;
    } else if (message.type === "err") {
      emit(message.text, "err");
    } else if (message.type === "notice") {
      $("status").textContent = message.text;
    } else if (message.type === "refused") {  // the session did not start: the exhibit is full or stopping, or a variant is wrong
      $("status").textContent = `${message.text}  Choose again from the menu.`;
      $("status").dataset.exit = "refused";
      $("input-line").hidden = true;
    }
  };
  socket.onerror = () => { $("status").textContent = "The connection failed (is the server full or stopped?)."; };
  $("line").focus();
}

$("input-line").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  const text = $("line").value;
  socket.send(JSON.stringify({type: "line", text}));
  emit(text, "typed");
  emit("\n");
  $("line").value = "";
});

$("eof").addEventListener("click", () => {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({type: "eof"}));
  emit("^D", "typed");
  emit("\n");
});

$("back").addEventListener("click", closeSession);

async function replay(id) {
  const session = await api(`/api/sessions/${id.split("/").map(encodeURIComponent).join("/")}`);
  const program = catalog.find((p) => p.id === session.program) || {machine: ""};
  open(program, `${session.title}  (recorded: ${id})`);
  $("input-line").hidden = true;
  if ($("baud").value === "0") $("baud").value = "300";  // the period's pace, unless chosen
  replaying = id;
  for (const event of session.events) {
    if (event.kind === "out") emit(event.text);
    else if (event.kind === "err") emit(event.text, "err");
    else { emit(event.text === null ? "^D" : event.text.replace(/\n$/, ""), "typed"); emit("\n"); }
  }
  const done = () => {
    if (replaying !== id) return;
    if (pending.length) { setTimeout(done, 200); return; }
    $("status").textContent = `[end of the recorded session; the program's status was ${session.exit}]`;
    $("status").dataset.exit = String(session.exit);
  };
  done();
}

showMenu().catch((error) => { $("status").textContent = String(error); });
