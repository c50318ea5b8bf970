"use strict";
// The page of `puzzlesat serve`. Every answer is the document `puzzlesat COMMAND ... --json`
// prints (POST /api/COMMAND); the board is drawn by puzzlesat's own SVG renderer (POST
// /api/board), so the page only asks and arranges. One request runs at a time: a new one aborts
// the old, and the server stops a job whose client left.

// The colours of explain's step pictures (src/puzzlesat/render/explain.py step_svg), and two more.
const COLOURS = {
  rule: "#e8eef8", // a rule the step reads
  main: "#c9daf5", // a rule the step is about
  deduced: "#c8ecc8",
  hypothesis: "#f8d8b0", // a case split's assumption
  redundant: "#fbe7a1", // a given that can go (clues)
  differ: "#f6c6c6", // where two solutions differ (check), or a conflict's rules
};
const POLL_MS = 300;
const BOARD_ID = boardId();

const $ = (id) => document.getElementById(id);

// What the page knows of the loaded puzzle, and what hints have deduced on it so far.
const page = {
  key: null, // the puzzle and parameters as loaded, to tell when the input changed
  puzzle: null,
  param: null,
  cells: [],
  grid: false,
  rows: null,
  cols: null,
  mode: "solve", // solve: keys enter the solver's digits and marks; set: givens and rules (set.js)
  givens: {},
  domains: [],
  placed: {}, // cell -> value, from hints
  removed: {}, // cell -> [values], from hints
  steps: null, // the explanation being stepped through
  step: 0,
};
let job = null; // {controller, timer, polling}

function boardId() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return "page-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// --- small DOM helpers (text only: nothing from an answer is parsed as HTML) -------------------

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const span = (id, text) => h("span", { id, text: String(text) });

function showResult(...nodes) {
  $("result").replaceChildren(...nodes.flat().filter(Boolean));
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function setNotes(notes) {
  $("notes").replaceChildren(...notes.map((n) => h("li", { text: n })));
}

function legend(...keys) {
  const words = {
    main: "rule the step is about",
    rule: "other rules it reads",
    deduced: "deduced",
    hypothesis: "assumed",
    redundant: "redundant given",
    differ: "differs between solutions",
  };
  return h(
    "p",
    { class: "legend" },
    keys.map((k) => h("span", { class: "key" }, h("span", { class: `swatch ${k}` }), words[k])),
  );
}

// --- the API ----------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function post(path, body, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  let doc;
  try {
    doc = await response.json();
  } catch {
    throw new ApiError(response.status, `puzzlesat: error: the server answered ${response.status} without a document`);
  }
  if (!response.ok) {
    throw new ApiError(response.status, doc.error || `puzzlesat: error: the server answered ${response.status}`);
  }
  let notes = [];
  try {
    notes = JSON.parse(response.headers.get("X-Puzzlesat-Notes") || "[]");
  } catch {
    notes = [];
  }
  return { doc, notes, exit: Number(response.headers.get("X-Puzzlesat-Exit") || 0) };
}

function base() {
  return page.param ? { puzzle: page.puzzle, param: page.param } : { puzzle: page.puzzle };
}

async function command(name, extra, signal) {
  const answer = await post(`/api/${name}`, { ...base(), ...extra, board: BOARD_ID }, signal);
  setNotes(answer.notes);
  return answer.doc;
}

// The board with what is asked on it: values (cell -> value), marks, counts, shade (cell -> colour).
async function draw(view, signal) {
  const body = { ...base() };
  for (const [k, v] of Object.entries(view || {})) if (v && Object.keys(v).length) body[k] = v;
  const { doc } = await post("/api/board", body, signal);
  render(doc.svg);
  return doc;
}

function render(svg) {
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = parsed.documentElement;
  if (root.nodeName !== "svg") throw new Error("puzzlesat: error: the board could not be drawn");
  root.removeAttribute("width"); // the viewBox keeps the shape; CSS scales it to the window
  root.removeAttribute("height");
  root.id = "board-svg";
  $("board").replaceChildren(document.importNode(root, true));
  paintOverlay(); // the solver's digits, marks, colours and the selection over it (play.js)
  performance.mark("board-drawn"); // what benchmarks/serve.py times the first view by
}

// --- one request at a time, with progress and Cancel -------------------------------------------

async function run(work) {
  if (job) job.controller.abort();
  const mine = { controller: new AbortController(), timer: null, polling: false };
  job = mine;
  showError("");
  $("progress").textContent = "working…";
  $("busy").hidden = false;
  mine.timer = setInterval(() => poll(mine), POLL_MS);
  try {
    await work(mine.controller.signal);
  } catch (e) {
    if (job === mine) showError(e.name === "AbortError" ? "cancelled" : e.message);
  } finally {
    clearInterval(mine.timer);
    if (job === mine) {
      job = null;
      $("busy").hidden = true;
    }
  }
}

async function poll(mine) {
  if (mine.polling) return;
  mine.polling = true;
  try {
    const response = await fetch(`/api/progress?board=${encodeURIComponent(BOARD_ID)}`);
    const p = await response.json();
    if (job !== mine || p.state !== "running") return;
    const status = p.status ? ` · ${p.status}` : "";
    $("progress").textContent = `${p.command}: ${p.seconds.toFixed(1)} s of ${p.limit} s${status}`;
  } catch {
    // a missed poll only leaves the line as it was
  } finally {
    mine.polling = false;
  }
}

function cancel() {
  if (job) job.controller.abort();
}

// --- loading --------------------------------------------------------------------------------

function parseParams(text) {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (!words.length) return null;
  const out = {};
  for (const w of words) {
    const m = /^([A-Za-z_][\w-]*)=(.+)$/.exec(w);
    if (!m) throw new Error(`puzzlesat: error: parameters are KEY=VALUE separated by spaces, e.g. box=2 (not '${w}')`);
    out[m[1]] = m[2];
  }
  return out;
}

function inputKey() {
  return JSON.stringify([$("puzzle-input").value.trim(), $("param").value.trim()]);
}

async function load(signal) {
  const text = $("puzzle-input").value.trim();
  if (!text) {
    throw new Error("puzzlesat: error: paste a puzzle (a link, an 81-character line or a TOML file) or pick one from the catalog");
  }
  const param = parseParams($("param").value);
  const body = param ? { puzzle: text, param } : { puzzle: text };
  // Both at once: the two workers answer them side by side (the first view waits for the slower only).
  const [shown, board] = await Promise.all([
    post("/api/show", { ...body, board: BOARD_ID }, signal),
    post("/api/board", body, signal),
  ]);
  Object.assign(page, {
    key: inputKey(),
    puzzle: text,
    param,
    cells: board.doc.cells,
    grid: board.doc.rows !== null && board.doc.rows !== undefined,
    rows: board.doc.rows,
    cols: board.doc.cols,
    givens: shown.doc.givens || {},
    domains: shown.doc.domains || [],
  });
  resetWork();
  resetPlay();
  render(board.doc.svg);
  $("title").textContent = board.doc.title || shown.doc.title || "";
  setNotes([...shown.notes, ...(shown.doc.warnings || [])]);
  if (page.mode === "set") await adoptForSetting(signal);
  if (!text.includes("\n") && text.length < 2000) {
    history.replaceState(null, "", `?puzzle=${encodeURIComponent(text)}`);
  }
}

// A button's work on the puzzle in the box: loaded first when the box or the parameters changed.
async function ensureLoaded(signal) {
  if (page.puzzle === null || page.key !== inputKey()) await load(signal);
}

function resetWork() {
  page.placed = {};
  page.removed = {};
  clearStale();
}

// What the last button left (the explanation's step bar, its text) goes when another action starts.
function clearStale() {
  page.steps = null;
  page.step = 0;
  $("explain-nav").hidden = true;
  showResult();
}

// "1 solution", "2 solutions".
function plural(n, word) {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

// --- what the buttons show --------------------------------------------------------------------

function say(facts) {
  return facts.map((f) => `${f.cell} ${f.kind === "place" ? "=" : "≠"} ${f.value}`).join(", ");
}

// A step shaded as explain's pictures shade it: rules read, rules it is about, deduced, assumed.
function stepShade(step) {
  const shade = {};
  for (const r of step.rules) for (const c of r.cells) shade[c] ??= COLOURS.rule;
  const main = new Set(step.main || []);
  for (const r of step.rules) if (main.has(r.name)) for (const c of r.cells) shade[c] = COLOURS.main;
  for (const f of step.deduced) shade[f.cell] = COLOURS.deduced;
  if (step.hypothesis) shade[step.hypothesis.cell] = COLOURS.hypothesis;
  return shade;
}

function stepLegend(step) {
  return step.hypothesis ? legend("main", "rule", "deduced", "hypothesis") : legend("main", "rule", "deduced");
}

async function showConflict(conflict, signal) {
  const shade = {};
  for (const r of conflict.rules) for (const c of r.cells) shade[c] = COLOURS.differ;
  await draw({ shade }, signal);
  showResult(
    h("p", { class: "big" }, span("conflict", "no solution")),
    h("p", {}, "These cannot all hold: ", conflict.rules.map((r) => r.name).join(", ") || "(the givens)",
      conflict.facts.length ? ` with ${say(conflict.facts)}` : ""),
  );
}

const CHECK_WORDS = {
  unique: "exactly one solution",
  none: "no solution",
  multiple: "more than one solution",
};

async function doCheck(signal) {
  const doc = await command("check", {}, signal);
  const differ = doc.differ || [];
  const shade = Object.fromEntries(differ.map((c) => [c, COLOURS.differ]));
  await draw({ shade }, signal);
  showResult(
    h("p", { class: "big" }, span("check-status", doc.status)),
    h("p", {}, CHECK_WORDS[doc.status] || "", doc.stopped ? ` (stopped early: ${doc.stopped})` : ""),
    differ.length ? h("p", {}, "Two solutions differ at ", span("check-differ", differ.join(" "))) : null,
    differ.length ? legend("differ") : null,
  );
}

async function doCandidates(signal) {
  const counted = $("with-counts").checked;
  const doc = await command("candidates", counted ? { counts: true } : {}, signal);
  const marks = {};
  const counts = {};
  let open = 0;
  let total = 0;
  let empty = [];
  for (const [cell, values] of Object.entries(doc.candidates)) {
    if (cell in page.givens) continue;
    open += 1;
    total += values.length;
    if (!values.length) empty.push(cell);
    marks[cell] = values;
    if (doc.counts && doc.counts[cell]) {
      counts[cell] = Object.fromEntries(Object.entries(doc.counts[cell]).filter(([, n]) => n > 0));
    }
  }
  await draw(page.grid ? { marks, counts } : {}, signal);
  const firstOpen = Object.keys(counts)[0];
  const solutions = firstOpen ? Object.values(counts[firstOpen]).reduce((a, b) => a + b, 0) : null;
  const unknown = Object.entries(doc.unknown || {});
  showResult(
    h("p", {}, span("candidates-total", total), `${total === 1 ? " candidate" : " candidates"} in ${plural(open, "open cell")}`,
      solutions !== null ? [" · ", span("candidates-solutions", solutions), solutions === 1 ? " solution counted" : " solutions counted"] : ""),
    empty.length ? h("p", {}, "No candidate left in ", empty.join(" "), ": no solution") : null,
    doc.complete ? null : h("p", {}, "Stopped early: the marks shown are certain, the rest undecided."),
    page.grid
      ? null
      : h("ul", { id: "candidates-list", class: "mono" },
        Object.entries(marks).map(([c, vs]) => h("li", { text: `${c}: ${vs.map((v) => counted1(counts, c, v)).join(" ")}` }))),
    unknown.length ? h("p", {}, unknown.map(([u, vs]) => `${u}: ${vs.join(" ")}`).join("; ")) : null,
    counted && page.grid ? h("p", { class: "legend" }, "Under each mark: the solutions with that value there.") : null,
  );
}

// A candidate as the list of a figure shows it: `7`, or with its count `7 (80)`.
function counted1(counts, cell, value) {
  const n = counts[cell] && counts[cell][value];
  return n === undefined ? String(value) : `${value} (${n})`;
}

async function doHint(signal) {
  const doc = await command("hint", boardState(), signal);
  if (doc.conflict) return showConflict(doc.conflict, signal);
  const step = doc.step;
  if (!step) {
    await draw({}, signal);
    return showResult(h("p", { class: "big" }, span("hint-text", doc.solved ? "solved: nothing left to deduce" : "no further step found")));
  }
  const placed = step.deduced.filter((f) => f.kind === "place");
  if (placed.length) edit((b) => placed.forEach((f) => (b.digits[f.cell] = f.value))); // undoable, as typed
  for (const f of step.deduced) {
    if (f.kind !== "place") (page.removed[f.cell] ??= []).push(f.value);
  }
  await draw({ shade: stepShade(step) }, signal);
  showResult(
    h("p", { class: "big" }, span("hint-deduced", say(step.deduced))),
    h("p", {}, span("hint-text", step.text)),
    h("p", { class: "legend" }, `${step.technique}, cost ${step.cost}. Hint again for the step after it; Reset to start over.`),
    stepLegend(step),
  );
}

async function doExplain(signal) {
  const doc = await command("explain", boardState(), signal);
  if (doc.conflict) return showConflict(doc.conflict, signal);
  clearStale();
  page.steps = doc.steps;
  const grade = doc.grade ? `${doc.grade.level}, score ${doc.grade.score}` : "";
  const end = doc.solved ? "solved" : doc.complete ? "not solved: the puzzle is not unique" : "stopped early";
  $("explain-nav").hidden = !doc.steps.length;
  if (!doc.steps.length) {
    return showResult(h("p", {}, span("explain-summary", "nothing to deduce")));
  }
  showResult(
    h("p", {}, span("explain-summary", `${plural(doc.steps.length, "step")}, ${end}`), grade ? ` · ${grade}` : ""),
    h("p", { class: "big" }, span("step-deduced", "")),
    h("p", {}, span("step-text", "")),
    h("p", { class: "legend", id: "step-cost" }),
    legend("main", "rule", "deduced", "hypothesis"),
  );
  await showStep(1, signal);
}

async function showStep(i, signal) {
  const steps = page.steps;
  if (!steps || i < 1 || i > steps.length) return;
  page.step = i;
  const values = {};
  for (const s of steps.slice(0, i - 1)) for (const f of s.deduced) if (f.kind === "place") values[f.cell] = f.value;
  const step = steps[i - 1];
  $("step-counter").textContent = `step ${i} of ${steps.length}`;
  $("prev").disabled = i <= 1;
  $("next").disabled = i >= steps.length;
  $("step-deduced").textContent = say(step.deduced);
  $("step-text").replaceChildren(...ruleText(step));
  $("step-cost").textContent = `${step.technique}, cost ${step.cost}`;
  const marks = page.grid && step.marks ? Object.fromEntries(Object.entries(step.marks).filter(([c]) => !(c in values))) : {};
  await draw({ values, shade: stepShade(step), marks }, signal);
}

// A step's text with each rule it cites marked by its name (the main ones darker), its cells in
// the mark's title: the names as the board's shading shows them.
function ruleText(step) {
  const main = new Set(step.main || []);
  const rules = [...step.rules].sort((a, b) => b.name.length - a.name.length); // "box 10" before "box 1"
  const out = [];
  let rest = step.text;
  while (rest) {
    let best = null;
    for (const r of rules) {
      const at = rest.indexOf(r.name);
      if (at >= 0 && (best === null || at < best.at)) best = { at, r };
    }
    if (!best) {
      out.push(rest);
      break;
    }
    out.push(rest.slice(0, best.at));
    const cls = main.has(best.r.name) ? "rule main" : "rule";
    out.push(h("mark", { class: cls, "data-rule": best.r.name, title: best.r.cells.join(" "), text: best.r.name }));
    rest = rest.slice(best.at + best.r.name.length);
  }
  return out;
}

async function doGrade(signal) {
  const doc = await command("grade", {}, signal);
  const hardest = doc.hardest;
  showResult(
    h("p", { class: "big" }, span("grade-level", doc.level), ", score ", span("grade-score", doc.score)),
    h("p", {}, `${plural(doc.steps, "step")}, total cost ${doc.total}`, doc.solved ? "" : " (not solved to the end)"),
    hardest ? h("p", {}, "Hardest: ", span("grade-hardest", `${say(hardest.deduced)}: ${hardest.text}`)) : null,
  );
}

async function doSolution(signal) {
  const doc = await command("solve", {}, signal);
  if (!doc.solutions.length) {
    await draw({}, signal);
    return showResult(h("p", { class: "big" }, span("solution-status", "no solution")));
  }
  const s = doc.solutions[0];
  const values = s.cells || Object.fromEntries(s.values.map((v, i) => [page.cells[i], v]));
  await draw({ values }, signal);
  const line = page.grid && s.values.every((v) => v >= 0 && v <= 9) ? s.values.join("") : null;
  const unknowns = Object.entries(s.unknowns || {});
  showResult(
    h("p", { class: "big" }, span("solution-status", "a solution")),
    line ? h("p", {}, h("code", { id: "solution-line", text: line })) : null,
    page.grid ? null : h("p", { class: "mono", id: "solution-values", text: s.values.join(" ") }),
    unknowns.length ? h("p", {}, unknowns.map(([u, v]) => `${u} = ${v}`).join(", ")) : null,
    h("p", { class: "legend" }, "Check tells whether it is the only one."),
  );
}

async function doCount(signal) {
  const doc = await command("count", {}, signal);
  const about = doc.approximate ? "about " : doc.count_complete === false ? "at least " : "";
  const orbits = doc.orbits !== null && doc.orbits !== undefined && doc.group_order > 1;
  showResult(
    h("p", { class: "big" }, about, span("count-solutions", doc.count), doc.count === 1 ? " solution" : " solutions"),
    orbits
      ? h("p", {}, span("count-orbits", doc.orbits), ` classes under the puzzle's symmetry group (order ${doc.group_order})`)
      : null,
    doc.complete ? null : h("p", {}, `Stopped early (${doc.stopped}).`),
    h("p", { class: "legend" }, `method: ${doc.method}, ${doc.seconds} s`),
  );
}

async function doClues(signal) {
  const doc = await command("clues", {}, signal);
  const minimal = Object.keys(doc.minimal || {});
  const shade = Object.fromEntries(doc.redundant.map((c) => [c, COLOURS.redundant]));
  await draw({ shade }, signal);
  showResult(
    h("p", { class: "big" }, span("clues-redundant-count", doc.redundant.length), ` of ${doc.givens} givens are redundant`),
    h("p", {}, "Each removable alone (shaded): ", span("clues-redundant", doc.redundant.join(" ") || "none")),
    h("p", {}, "A minimal set keeps ", span("clues-minimal-count", minimal.length), ": ",
      h("span", { id: "clues-minimal", class: "mono", text: minimal.join(" ") })),
    doc.complete ? null : h("p", {}, `Stopped early (${doc.stopped}).`),
    legend("redundant"),
  );
}

async function doGenerate(signal) {
  const seed = 1 + Math.floor(Math.random() * 999999);
  const kind = $("gen-kind").value;
  const difficulty = $("gen-difficulty").value;
  const { doc, notes } = await post("/api/generate", { kind, difficulty, seed, board: BOARD_ID }, signal);
  $("puzzle-input").value = doc.toml;
  $("catalog").value = "";
  $("param").value = "";
  await load(signal);
  setNotes(notes);
  const grade = doc.grade ? `${doc.grade.level}, score ${doc.grade.score}` : "";
  showResult(
    h("p", { class: "big" }, span("generated", `${kind}, seed ${seed}`)),
    h("p", {}, plural(Object.keys(doc.givens).length, "given"), grade ? ` · ${grade}` : ""),
  );
}

const EXPORTS = [
  ["fpuzzles", "f-puzzles"],
  ["sudokupad", "SudokuPad"],
];

async function doExport(signal) {
  const rows = [];
  for (const [to, label] of EXPORTS) {
    const doc = await command("convert", { to }, signal);
    const text = h("input", { id: `export-${to}-text`, type: "text", readonly: true, value: doc.link });
    const copy = h("button", { type: "button", text: "Copy" });
    copy.addEventListener("click", () => copyText(text, copy));
    rows.push(
      h("p", {}, h("a", { id: `export-${to}`, href: doc.link, target: "_blank", rel: "noopener noreferrer", text: `Open in ${label}` })),
      h("div", { class: "link-row" }, text, copy),
    );
  }
  showResult(rows);
}

async function copyText(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  setTimeout(() => (button.textContent = "Copy"), 1200);
}

async function doReset(signal) {
  resetWork();
  resetPlay();
  await draw({}, signal);
}

// --- wiring -----------------------------------------------------------------------------------

// The buttons that leave the board as it is: drawn plain first, so no earlier shading stays.
const PLAIN = new Set(["btn-grade", "btn-count", "btn-export", "btn-solution-count"]);

const BUTTONS = {
  "btn-check": doCheck,
  "btn-candidates": doCandidates,
  "btn-hint": doHint,
  "btn-explain": doExplain,
  "btn-grade": doGrade,
  "btn-solution": doSolution,
  "btn-count": doCount,
  "btn-clues": doClues,
  "btn-export": doExport,
  "btn-reset": doReset,
  "btn-play-check": doPlayCheck,
};

async function fillCatalog() {
  try {
    const { doc } = await post("/api/list", {});
    const select = $("catalog");
    for (const p of doc.puzzles) {
      const params = (p.params || []).join("; ");
      select.append(h("option", { value: p.name, title: p.title, "data-params": params, text: p.name }));
    }
    const typed = $("puzzle-input").value.trim();
    if (doc.puzzles.some((p) => p.name === typed)) select.value = typed;
  } catch (e) {
    showError(e.message);
  }
}

function start() {
  document.body.dataset.board = BOARD_ID; // for a test or a script that asks /api/progress
  $("load-form").addEventListener("submit", (e) => {
    e.preventDefault();
    run(load);
  });
  $("puzzle-input").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      run(load);
    }
  });
  $("catalog").addEventListener("change", () => {
    const option = $("catalog").selectedOptions[0];
    if (!option || !option.value) return;
    $("puzzle-input").value = option.value;
    $("param").value = "";
    $("param").placeholder = option.dataset.params || "e.g. box=2";
    run(load);
  });
  for (const [id, work] of Object.entries(BUTTONS)) {
    $(id).addEventListener("click", () =>
      run(async (signal) => {
        await ensureLoaded(signal);
        clearStale();
        if (PLAIN.has(id)) await draw({}, signal); // no shading left from the action before
        await work(signal);
      }),
    );
  }
  $("btn-generate").addEventListener("click", () => run(doGenerate));
  $("cancel").addEventListener("click", cancel);
  $("prev").addEventListener("click", () => run((signal) => showStep(page.step - 1, signal)));
  $("next").addEventListener("click", () => run((signal) => showStep(page.step + 1, signal)));
  document.addEventListener("keydown", (e) => {
    if ($("explain-nav").hidden || e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowLeft" && page.step > 1) run((signal) => showStep(page.step - 1, signal));
    if (e.key === "ArrowRight" && page.steps && page.step < page.steps.length) run((signal) => showStep(page.step + 1, signal));
  });

  startPlay();
  startSet();
  const asked = new URLSearchParams(location.search).get("puzzle");
  if (asked) {
    $("puzzle-input").value = asked;
    run(load);
  }
  fillCatalog();
}

document.addEventListener("DOMContentLoaded", start);
