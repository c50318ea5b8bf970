"use strict";
// Setting a puzzle: the page's puzzle is a TOML document (toml.js) edited in place: givens typed,
// rules drawn on the selected cells (in the order picked), the grid's size, boxes and jigsaw
// regions; undo and redo. After each edit the board is redrawn from the TOML and the solver beside
// the setter answers (live): how many solutions, the true candidates, a contradiction.

const LIVE_MS = 120; // the pause after an edit before the solver is asked (typing a total: no request a key)
const LIVE_LIMIT = 20; // counted exactly up to this many solutions
const LINE_KINDS = ["renban", "whispers", "between", "region_sum", "palindrome", "nabner", "zipper", "double_arrow", "slow_thermometer", "lockout", "entropic", "modular", "parity"];
const RULE_KEYS = ["cage", "less", "sum", "line", "dot", "outside", "clone", "quadruple", "indexer", "negative"];

const setter = {
  doc: null,
  undo: [],
  redo: [],
  live: null, // {controller, timer}
  generators: null, // a figure's symmetry as loaded, before values were pinned
};

// A figure's symmetries that keep the pinned values: the generators mapping every given cell to a
// cell given the same value (they generate a subgroup of the stabiliser: the classes counted under it).
function keepSymmetry(doc) {
  if (!setter.generators) return;
  const givens = doc.givens || {};
  const index = (name) => (/^\d+$/.test(name) ? Number(name) : page.cells.indexOf(name));
  const pinned = Object.entries(givens).map(([c, v]) => [index(c), v]);
  const at = Object.fromEntries(pinned);
  const kept = setter.generators.filter((p) => pinned.every(([i, v]) => at[p[i]] === v));
  if (kept.length) doc.symmetry = { ...(doc.symmetry || {}), generators: kept };
  else delete doc.symmetry;
}

function cellName(r, c) {
  return `r${r}c${c}`;
}

function rc(cell) {
  const m = /^r(\d+)c(\d+)$/.exec(cell);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

// Boxes as the CLI defaults them: square for 4, 9, 16; else the nearest rows x columns.
function defaultBoxes(n) {
  const r = Math.floor(Math.sqrt(n));
  if (r * r === n) return `${r}x${r}`;
  for (let a = r; a >= 1; a -= 1) if (n % a === 0) return a === 1 ? "none" : `${a}x${n / a}`;
  return "none";
}

function newDoc(size, boxes) {
  return { name: "my-puzzle", title: "My puzzle", grid: { size, boxes: boxes || defaultBoxes(size) } };
}

function gridSize(doc) {
  const g = doc.grid || {};
  return [g.rows ?? g.size, g.columns ?? g.size];
}

// --- the document, edited with undo ------------------------------------------------------------

function setEdit(change) {
  const before = JSON.stringify(setter.doc);
  const doc = JSON.parse(before);
  const why = change(doc);
  if (typeof why === "string") return showError(why);
  if (JSON.stringify(doc) === before) return;
  setter.undo.push(before);
  setter.redo = [];
  setter.doc = doc;
  docChanged();
}

function undoSet() {
  if (!setter.undo.length) return;
  setter.redo.push(JSON.stringify(setter.doc));
  setter.doc = JSON.parse(setter.undo.pop());
  docChanged();
}

function redoSet() {
  if (!setter.redo.length) return;
  setter.undo.push(JSON.stringify(setter.doc));
  setter.doc = JSON.parse(setter.redo.pop());
  docChanged();
}

// The page's puzzle becomes the document: the text box shows its TOML, the board is redrawn,
// the live solver asked.
function docChanged() {
  const text = tomlDump(setter.doc);
  $("puzzle-input").value = text;
  $("param").value = "";
  page.puzzle = text;
  page.param = null;
  page.key = inputKey();
  page.givens = { ...(setter.doc.givens || {}) };
  resetWork();
  run(async (signal) => {
    const board = await post("/api/board", { puzzle: text }, signal);
    adoptBoard(board.doc);
    render(board.doc.svg);
    $("title").textContent = board.doc.title || "";
  });
  liveSoon();
}

function adoptBoard(doc) {
  const size = Math.max(doc.rows || 0, doc.cols || 0);
  Object.assign(page, {
    cells: doc.cells,
    grid: doc.rows !== null && doc.rows !== undefined,
    rows: doc.rows,
    cols: doc.cols,
  });
  if (setter.doc && page.grid) {
    const v = setter.doc.values;
    const lo = v && typeof v === "object" && "min" in v ? v.min : 1;
    const hi = v && typeof v === "object" && "max" in v ? v.max : size;
    const d = Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);
    page.domains = page.cells.map(() => d);
  }
}

function rulesTouching(doc, cells) {
  const set = new Set(cells);
  let n = 0;
  for (const k of RULE_KEYS) {
    if (!Array.isArray(doc[k])) continue;
    const before = doc[k].length;
    doc[k] = doc[k].filter((r) => !(r.cells || []).some((c) => set.has(c)) && !(r.copy || []).some((c) => set.has(c)) && !set.has(r.cell));
    n += before - doc[k].length;
    if (!doc[k].length) delete doc[k];
  }
  if (Array.isArray(doc.distinct)) {
    doc.distinct = doc.distinct.filter((g) => !g.some((c) => set.has(typeof c === "number" ? page.cells[c] : c)));
    if (!doc.distinct.length) delete doc.distinct;
  }
  return n;
}

function setGiven(v) {
  const cells = play.sel.filter((c) => page.cells.includes(c));
  if (!cells.length) return;
  setEdit((doc) => {
    const givens = { ...(doc.givens || {}) };
    const all = cells.every((c) => givens[c] === v);
    for (const c of cells) all ? delete givens[c] : (givens[c] = v);
    if (Object.keys(givens).length) doc.givens = givens;
    else delete doc.givens;
    keepSymmetry(doc);
  });
}

// Delete on the selection: its givens first, then every rule that touches it.
function setErase() {
  const cells = play.sel;
  setEdit((doc) => {
    const givens = doc.givens || {};
    if (cells.some((c) => c in givens)) {
      for (const c of cells) delete givens[c];
      if (!Object.keys(givens).length) delete doc.givens;
      keepSymmetry(doc);
      return;
    }
    rulesTouching(doc, cells);
  });
}

function adjacent(a, b) {
  const [p, q] = [rc(a), rc(b)];
  return p && q && Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) === 1;
}

function need(n, what) {
  return play.sel.length >= n ? null : `puzzlesat: error: select ${n === 1 ? "a cell" : `${n} cells or more`} for ${what}`;
}

function total(id, what) {
  const raw = $(id).value.trim();
  if (!/^-?\d+$/.test(raw)) return { error: `puzzlesat: error: type the ${what} (a whole number) first` };
  return { value: Number(raw) };
}

// The tools: each reads the selection (and its own inputs) and adds one rule to the document.
const TOOLS = {
  cage(doc) {
    const sel = play.sel;
    if (!sel.length) return need(1, "a cage");
    const raw = $("set-total").value.trim();
    const cage = { cells: [...sel] };
    if (raw) {
      const t = total("set-total", "cage's total");
      if (t.error) return t.error;
      cage.sum = t.value;
    }
    (doc.cage ??= []).push(cage);
  },
  thermo(doc) {
    const e = need(2, "a thermometer");
    if (e) return e;
    (doc.less ??= []).push({ cells: [...play.sel] });
  },
  arrow(doc) {
    const e = need(2, "an arrow (the circle first, then the shaft)");
    if (e) return e;
    const [circle, ...shaft] = play.sel;
    (doc.sum ??= []).push({ cells: [...shaft, circle], weights: [...shaft.map(() => 1), -1], equals: 0 });
  },
  line(doc) {
    const e = need(2, "a line");
    if (e) return e;
    (doc.line ??= []).push({ kind: $("set-line-kind").value, cells: [...play.sel] });
  },
  dot(doc) {
    const [a, b] = play.sel;
    if (play.sel.length !== 2 || !adjacent(a, b)) return "puzzlesat: error: select two neighbouring cells for a dot";
    (doc.dot ??= []).push({ kind: $("set-dot-kind").value, cells: [a, b] });
  },
  outside(doc) {
    const cell = play.sel[play.sel.length - 1];
    const p = cell && rc(cell);
    if (!p) return "puzzlesat: error: select a cell of the row or column the clue looks along";
    const t = total("set-outside-value", "clue");
    if (t.error) return t.error;
    const [rows, cols] = gridSize(doc);
    const side = $("set-outside-side").value;
    let cells;
    if (side === "left" || side === "right") cells = Array.from({ length: cols }, (_, k) => cellName(p[0], k + 1));
    else cells = Array.from({ length: rows }, (_, k) => cellName(k + 1, p[1]));
    if (side === "right" || side === "bottom") cells.reverse();
    const kind = $("set-outside-kind").value;
    if (kind === "little_killer") return "puzzlesat: error: a little killer has its own tool";
    (doc.outside ??= []).push({ kind, cells, value: t.value });
  },
  little(doc) {
    const cell = play.sel[play.sel.length - 1];
    const p = cell && rc(cell);
    if (!p) return "puzzlesat: error: select the first cell of the diagonal";
    const t = total("set-little-value", "little killer's total");
    if (t.error) return t.error;
    const [rows, cols] = gridSize(doc);
    const [dr, dc] = { se: [1, 1], sw: [1, -1], ne: [-1, 1], nw: [-1, -1] }[$("set-little-dir").value];
    const cells = [];
    for (let r = p[0], c = p[1]; r >= 1 && r <= rows && c >= 1 && c <= cols; r += dr, c += dc) cells.push(cellName(r, c));
    (doc.sum ??= []).push({ cells, equals: t.value });
  },
  region(doc) {
    if (!play.sel.length) return need(1, "an extra region");
    if (typeof doc.distinct === "string") return "puzzlesat: error: this puzzle's distinct groups are not a list";
    (doc.distinct ??= []).push([...play.sel]);
  },
  jigsaw(doc) {
    if (!play.sel.length) return need(1, "a jigsaw region");
    const [rows, cols] = gridSize(doc);
    const g = doc.grid;
    let map = g.regions ? g.regions.trim().split("\n").map((l) => [...l.trim()]) : boxMap(rows, cols, g.boxes);
    const used = new Set(map.flat());
    const letter = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"].find((l) => !used.has(l));
    for (const c of play.sel) {
      const [r, k] = rc(c);
      map[r - 1][k - 1] = letter;
    }
    delete g.boxes;
    g.regions = map.map((l) => l.join("")).join("\n") + "\n";
  },
};

// The boxes as region letters, to start a jigsaw from.
function boxMap(rows, cols, boxes) {
  const m = /^(\d+)x(\d+)$/.exec(boxes || defaultBoxes(rows));
  const [bh, bw] = m ? [Number(m[1]), Number(m[2])] : [rows, cols];
  const per = Math.ceil(cols / bw);
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => String.fromCharCode(65 + Math.floor(r / bh) * per + Math.floor(c / bw))));
}

function applyTool(name) {
  showError("");
  setEdit((doc) => TOOLS[name](doc));
}

// Set mode starts from the puzzle on the page (any link or file, as the server's TOML), or a new grid.
async function enterSet(signal) {
  await ensureLoaded(signal);
  const doc = await command("convert", {}, signal);
  setter.doc = tomlParse(doc.toml);
  setter.generators = setter.doc.symmetry ? setter.doc.symmetry.generators : null;
  setter.undo = [];
  setter.redo = [];
  docChanged();
}

// A puzzle loaded while setting: its TOML becomes the document edited from here.
async function adoptForSetting(signal) {
  const doc = await command("convert", {}, signal);
  setter.doc = tomlParse(doc.toml);
  setter.generators = setter.doc.symmetry ? setter.doc.symmetry.generators : null;
  setter.undo = [];
  setter.redo = [];
  liveSoon();
}

function newGrid() {
  const size = Number($("set-size").value);
  const boxes = $("set-boxes").value.trim() || defaultBoxes(size);
  if (setter.doc) setter.undo.push(JSON.stringify(setter.doc));
  setter.redo = [];
  setter.doc = newDoc(size, boxes);
  setter.generators = null;
  resetPlay();
  docChanged();
}

function setMode(mode) {
  page.mode = mode;
  document.body.dataset.mode = mode;
  $("tab-solve").classList.toggle("on", mode === "solve");
  $("tab-set").classList.toggle("on", mode === "set");
  $("set-panel").hidden = mode !== "set";
  $("solve-panel").hidden = mode !== "solve";
  $("live").hidden = mode !== "set";
  if (mode === "set" && page.puzzle !== null) run(enterSet);
  if (mode === "set" && page.puzzle === null) newGrid();
}

// --- the solver beside the setter --------------------------------------------------------------

function liveSoon() {
  if (setter.live) {
    clearTimeout(setter.live.timer);
    setter.live.controller.abort();
  }
  const mine = { controller: new AbortController(), timer: null };
  setter.live = mine;
  $("live-status").textContent = "…";
  document.body.dataset.live = "busy"; // "done" once the answer and its board are shown (for tests)
  mine.timer = setTimeout(() => liveRun(mine).finally(() => {
    if (setter.live !== mine) return;
    performance.mark("live-drawn");
    document.body.dataset.live = "done";
  }), LIVE_MS);
}

async function liveRun(mine) {
  const signal = mine.controller.signal;
  const body = { puzzle: page.puzzle, timeout: 10 };
  const started = performance.now();
  if (!page.grid) return liveFigure(mine, body, started);
  try {
    const [solved, cands] = await Promise.all([
      post("/api/solve", { ...body, all: true, no_symmetry: true, limit: LIVE_LIMIT + 1, board: `${BOARD_ID}-live-a` }, signal),
      post("/api/candidates", { ...body, board: `${BOARD_ID}-live-b` }, signal),
    ]);
    if (setter.live !== mine) return;
    const sols = solved.doc.solutions || [];
    const exact = sols.length <= LIVE_LIMIT && solved.doc.complete !== false;
    const counts = {};
    if (exact) {
      for (const s of sols) {
        s.values.forEach((v, i) => {
          const c = page.cells[i];
          (counts[c] ??= {})[v] = (counts[c][v] || 0) + 1;
        });
      }
    }
    const marks = {};
    for (const [c, vs] of Object.entries(cands.doc.candidates)) if (!(c in page.givens)) marks[c] = vs;
    let words;
    if (!sols.length) words = "no solution";
    else if (exact) words = plural(sols.length, "solution");
    else words = `more than ${LIVE_LIMIT} solutions`;
    $("live-status").textContent = words;
    $("live-count").textContent = exact ? String(sols.length) : sols.length ? `>${LIVE_LIMIT}` : "0";
    performance.mark("live-answered");
    $("live-seconds").textContent = `${((performance.now() - started) / 1000).toFixed(2)} s`;
    if (!sols.length) return await liveConflict(mine);
    if (!$("live-marks").checked) return;
    const view = { marks };
    if (exact) view.counts = Object.fromEntries(Object.entries(counts).filter(([c]) => !(c in page.givens)));
    const { doc } = await post("/api/board", { puzzle: page.puzzle, ...view }, signal);
    if (setter.live === mine) render(doc.svg);
  } catch (e) {
    if (setter.live === mine && e.name !== "AbortError") $("live-status").textContent = e.message;
  }
}

// A figure: how many solutions, and the classes left under the symmetries that keep the pins.
async function liveFigure(mine, body, started) {
  try {
    const { doc } = await post("/api/count", { ...body, board: `${BOARD_ID}-live-a` }, mine.controller.signal);
    if (setter.live !== mine) return;
    const about = doc.approximate ? "about " : doc.count_complete === false ? "at least " : "";
    const classes = doc.orbits === null || doc.orbits === undefined ? "" : `, ${doc.orbits} ${doc.orbits === 1 ? "class" : "classes"} under ${plural(doc.group_order, "symmetry")}`.replace("symmetrys", "symmetries");
    $("live-status").textContent = `${about}${plural(doc.count, "solution")}${classes}`;
    $("live-count").textContent = String(doc.count);
    $("live-seconds").textContent = `${((performance.now() - started) / 1000).toFixed(2)} s`;
    performance.mark("live-answered");
  } catch (e) {
    if (setter.live === mine && e.name !== "AbortError") $("live-status").textContent = e.message;
  }
}

async function liveConflict(mine) {
  const signal = mine.controller.signal;
  const { doc } = await post("/api/hint", { puzzle: page.puzzle, board: `${BOARD_ID}-live-a` }, signal);
  if (setter.live !== mine || !doc.conflict) return;
  const shade = {};
  for (const r of doc.conflict.rules) for (const c of r.cells) shade[c] = COLOURS.differ;
  const board = await post("/api/board", { puzzle: page.puzzle, shade }, signal);
  if (setter.live !== mine) return;
  render(board.doc.svg);
  $("live-status").textContent = `no solution: ${doc.conflict.rules.map((r) => r.name).join(", ") || "the givens"} cannot all hold`;
}

async function liveExtra(what) {
  run(async (signal) => {
    const doc = await command(what, {}, signal);
    if (what === "clues") {
      const shade = Object.fromEntries(doc.redundant.map((c) => [c, COLOURS.redundant]));
      await draw({ shade }, signal);
      $("live-extra").textContent = `redundant givens: ${doc.redundant.join(" ") || "none"}`;
    } else {
      $("live-extra").textContent = `grade: ${doc.level}, score ${doc.score}`;
    }
  });
}

// --- saving -----------------------------------------------------------------------------------

function downloadToml() {
  const blob = new Blob([page.puzzle || ""], { type: "application/toml" });
  const a = h("a", { href: URL.createObjectURL(blob), download: `${(setter.doc && setter.doc.name) || "puzzle"}.toml` });
  document.body.append(a);
  a.click();
  a.remove();
}

async function copyLink(to) {
  run(async (signal) => {
    const doc = await command("convert", { to }, signal);
    const input = $("set-link");
    input.value = doc.link;
    input.dataset.format = to;
    try {
      await navigator.clipboard.writeText(doc.link);
      $("set-link-note").textContent = "copied";
    } catch {
      input.select();
      $("set-link-note").textContent = "selected: copy it";
    }
  });
}

function startSet() {
  $("tab-solve").addEventListener("click", () => setMode("solve"));
  $("tab-set").addEventListener("click", () => setMode("set"));
  for (const name of Object.keys(TOOLS)) $(`set-${name}`).addEventListener("click", () => applyTool(name));
  $("set-new").addEventListener("click", newGrid);
  $("set-delete").addEventListener("click", setErase);
  $("set-toml").addEventListener("click", downloadToml);
  $("set-fpuzzles").addEventListener("click", () => copyLink("fpuzzles"));
  $("set-sudokupad").addEventListener("click", () => copyLink("sudokupad"));
  $("live-clues").addEventListener("click", () => liveExtra("clues"));
  $("live-grade").addEventListener("click", () => liveExtra("grade"));
  const kinds = $("set-line-kind");
  for (const k of LINE_KINDS) kinds.append(h("option", { value: k, text: k.replace("_", " ") }));
}
