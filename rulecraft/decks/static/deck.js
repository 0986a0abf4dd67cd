// The deck page of `rulecraft serve`: sends the deck to /api/check as the player types and shows
// the answer. Every text shown goes through textContent: a name typed into a deck stays text.
"use strict";

const DELAY_MS = 300;  // a check starts this long after the last keystroke
const CARD_LINE = /^\s*(\d+\s*[xX×]?\s+\S|\S.*\s[xX×]\s*\d+\s*$)/;  // "4x Card", "4 Card", "Card x4"

const $ = (id) => document.getElementById(id);
let maxBytes = 1024 * 1024;
let fileName = "";  // the uploaded file's name, shown in the diagnostics
let timer = null;
let asked = 0;  // the number of the latest request: an older answer arriving late is dropped
let pending = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "className") node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function show(id, visible) { $(id).hidden = !visible; }

function verdict(state, text) {
  const v = $("verdict");
  v.dataset.state = state;
  v.textContent = text;
}

function guessKind(text) {
  // a pasted list has a line that lists a card ("4x Card"); a YAML deck writes `card: 4`
  const lines = text.split(/\r?\n/).filter((l) => !/^\s*(#|\/\/)/.test(l));
  return lines.some((l) => !l.includes(":") && CARD_LINE.test(l)) ? "txt" : "yaml";
}

function chosen(fieldset) {
  return Array.from($(fieldset).querySelectorAll("input[type=checkbox]:checked"), (box) => box.value);
}

function request() {
  const text = $("deck").value;
  const kindChoice = $("kind").value;
  const kind = kindChoice === "auto" ? guessKind(text) : kindChoice;
  const body = {deck: text, kind: kind, format: $("format").value, mods: chosen("mods"), pools: chosen("pools")};
  if (fileName) body.file = fileName;
  return body;
}

function busy(on) {
  // the result is being brought up to date: the last answer stays shown, dimmed, until the next
  if (on) $("result").setAttribute("aria-busy", "true");
  else $("result").removeAttribute("aria-busy");
}

function schedule() {
  busy(true);
  clearTimeout(timer);
  timer = setTimeout(() => { timer = null; check(); }, DELAY_MS);
}

async function check() {
  const number = ++asked;
  if (pending) pending.abort();
  pending = null;
  const body = request();
  const payload = JSON.stringify(body);
  let answer;
  if (!body.deck.trim()) {
    answer = {status: "empty"};
  } else if (new TextEncoder().encode(payload).length > maxBytes) {
    answer = {status: "error", error: `the deck is too large to check here (more than ${maxBytes.toLocaleString()} bytes)`};
  } else {
    busy(true);
    pending = new AbortController();
    try {
      const response = await fetch("/api/check", {method: "POST", headers: {"Content-Type": "application/json"},
                                                   body: payload, signal: pending.signal});
      answer = await response.json();
      if (!response.ok) answer = {status: "error", error: answer.error || `the server answered ${response.status}`};
    } catch (err) {
      if (err.name === "AbortError") return;
      answer = {status: "error", error: `no answer from the server (${err.message}); is rulecraft serve still running?`};
    }
  }
  if (number !== asked) return;  // a later check is under way
  render(answer);
  if (timer === null) busy(false);
}

function clear() {
  for (const id of ["counts-box", "listed", "violations-box", "diagnostics-box", "warnings-box"]) show(id, false);
  for (const id of ["violations", "diagnostics", "warnings"]) $(id).replaceChildren();
  $("counts").tBodies[0].replaceChildren();
}

function render(answer) {
  clear();
  if (answer.status === "checked") {
    const report = answer.report;
    const broken = report.violations.length;
    verdict(report.legal ? "legal" : "illegal", report.legal ? `Legal for ${report.format}.`
      : `Illegal for ${report.format}: ${broken} ${broken === 1 ? "rule" : "rules"} broken.`);
    renderCounts(report.counts || []);
    renderViolations(report.violations, answer.names || {});
    renderDiagnostics("warnings", report.warnings || [], answer.file);
  } else if (answer.status === "empty") {
    verdict("empty", "Paste or upload a deck.");
  } else if (answer.status === "unusable") {
    const n = answer.diagnostics.length;
    verdict("unusable", `The deck cannot be checked yet: ${n} ${n === 1 ? "problem" : "problems"} with the input.`);
    renderDiagnostics("diagnostics", answer.diagnostics, answer.file);
  } else {
    verdict("error", answer.status === "stopped" ? answer.error : `Error: ${answer.error}`);
  }
  renderListed(answer.listed);
}

function bounds(count) {
  const least = typeof count.at_least === "number" ? count.at_least : null;
  const most = typeof count.at_most === "number" ? count.at_most : null;
  if (least !== null && least === most) return `exactly ${least}`;
  if (least !== null && most !== null) return `${least} to ${most}`;
  if (least !== null) return `at least ${least}`;
  if (most !== null) return `at most ${most}`;
  return "";
}

function renderCounts(counts) {
  const body = $("counts").tBodies[0];
  for (const count of counts) {
    const low = typeof count.at_least === "number" && count.value < count.at_least;
    const high = typeof count.at_most === "number" && count.value > count.at_most;
    const asks = bounds(count);
    const mark = asks ? (low || high ? "✗" : "✓") : "";
    const row = el("tr", {className: low || high ? "off" : "ok"},
      el("th", {scope: "row"}, count.name), el("td", {}, count.value), el("td", {}, asks),
      el("td", {"aria-label": mark === "✗" ? "out of bounds" : mark ? "within bounds" : "no bounds"}, mark));
    body.append(row);
  }
  show("counts-box", counts.length > 0);
}

function renderListed(listed) {
  const sections = Object.entries(listed || {});
  if (!sections.length) return;
  $("listed").textContent = "Listed: " + sections.map(([name, n]) => `${name} ${n}`).join(" · ");
  show("listed", true);
}

function renderViolations(violations, names) {
  const list = $("violations");
  for (const v of violations) {
    const item = el("li", {className: "violation", "data-rule": v.rule || ""},
      el("span", {className: "rule"}, v.rule || "limit"), " ", el("span", {className: "message"}, v.message));
    if (v.cards.length) {
      const cards = el("ul", {className: "cards", "aria-label": "cards concerned"});
      for (const id of v.cards) {
        cards.append(el("li", {"data-card": id}, names[id] ? `${names[id]} (${id})` : id));
      }
      item.append(cards);
    }
    list.append(item);
  }
  show("violations-box", violations.length > 0);
}

function renderDiagnostics(id, diagnostics, deckFile) {
  // a problem in the deck's own text can be clicked to select its line; others (a pool's, a mod's) only say where
  const list = $(id);
  for (const d of diagnostics) {
    const where = d.file ? `${d.file}:${d.line}:${d.column}` : "";
    let place = null;
    if (where && d.file === deckFile) {
      place = el("button", {type: "button", className: "where", title: "select this line in the deck"}, where);
      place.addEventListener("click", () => selectLine(d.line));
    } else if (where) {
      place = el("span", {className: "where-else"}, where);
    }
    const item = el("li", {className: `diagnostic ${d.severity}`, "data-code": d.code},
      place, place ? " " : null, el("span", {className: "code"}, `${d.severity}[${d.code}]`), " ",
      el("span", {className: "message"}, d.message));
    if (d.help) item.append(el("div", {className: "hint"}, `help: ${d.help}`));
    list.append(item);
  }
  show(`${id}-box`, diagnostics.length > 0);
}

function selectLine(line) {
  const area = $("deck");
  const lines = area.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
}

function addChoices(fieldset, items) {
  const box = $(fieldset);
  if (!items.length) return;
  box.querySelector(".none").remove();
  for (const item of items) {
    const input = el("input", {type: "checkbox", value: item.id, id: `${fieldset}-${box.children.length}`});
    input.checked = true;  // offered on the command line: applied until unticked
    input.addEventListener("change", schedule);
    box.append(el("div", {className: "choice"}, input, " ",
      el("label", {for: input.id, title: item.id}, item.title)));
  }
}

async function start() {
  $("deck").addEventListener("input", schedule);
  for (const id of ["kind", "format"]) $(id).addEventListener("change", schedule);
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (!file) return;
    busy(true);
    fileName = file.name;
    const suffix = file.name.toLowerCase().split(".").pop();
    $("kind").value = ["txt", "dek", "list"].includes(suffix) ? "txt"
      : ["yaml", "yml", "json"].includes(suffix) ? "yaml" : "auto";
    $("deck").value = await file.text();
    check();
  });
  try {
    const options = await (await fetch("/api/options")).json();
    maxBytes = options.max_bytes;
    for (const f of options.formats) $("format").append(el("option", {value: f.id}, `${f.title} (${f.id})`));
    addChoices("mods", options.mods);
    addChoices("pools", options.pools);
    document.body.dataset.ready = "true";
  } catch (err) {
    verdict("error", `The server did not answer (${err.message}); is rulecraft serve running?`);
  }
  if ($("deck").value.trim()) check();  // a deck the browser kept from before a reload
}

start();
