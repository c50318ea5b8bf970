"use strict";
// The board as a person uses it, as SudokuPad has it: click or drag to select cells (each cell of
// the board's SVG is a `rect.cell` carrying `data-cell`), type digits, shift+digit for corner
// marks, ctrl+digit for centre marks, colours, arrows to move, undo and redo. What the person
// enters is drawn by the page itself on a layer over the server's board (no request per key);
// the buttons read it back as the state on the board (hint --state/--marks).

const PALETTE = ["#d0d0d0", "#f4a6a6", "#f9c98a", "#fbe98e", "#b7e4a7", "#a8d8f0", "#b9b4f0", "#f0b4e4", "#8e8e8e"];
const MARK_KINDS = ["digit", "corner", "centre", "colour"];
const SVG_NS = "http://www.w3.org/2000/svg";

const play = {
  mode: "digit", // what a plain digit key enters
  sel: [], // the selected cells, in the order they were picked (a thermometer's bulb first)
  dragging: false,
  board: { digits: {}, corner: {}, centre: {}, colour: {} }, // what the solver entered
  undo: [],
  redo: [],
  geom: {}, // cell -> {x, y, w, h} on the board's SVG
};

function emptyBoard() {
  return { digits: {}, corner: {}, centre: {}, colour: {} };
}

function resetPlay() {
  play.board = emptyBoard();
  play.undo = [];
  play.redo = [];
  play.sel = play.sel.filter((c) => page.cells.includes(c));
}

// --- reading the board's geometry, drawing the layer -------------------------------------------

function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

function readGeometry() {
  play.geom = {};
  for (const el of document.querySelectorAll("#board-svg .cell[data-cell]")) {
    const b = el.getBBox();
    play.geom[el.dataset.cell] = { x: b.x, y: b.y, w: b.width, h: b.height };
  }
}

// Values as the board writes them: A..G past 9 on a 16x16 grid.
function symbol(v) {
  return v > 9 && page.grid && page.cells.length === 256 ? String.fromCharCode(55 + v) : String(v);
}

function paintOverlay() {
  const svg = $("board-svg");
  if (!svg) return;
  readGeometry();
  svg.querySelector("#overlay")?.remove();
  const layer = svgEl("g", { id: "overlay", "pointer-events": "none" });
  const b = page.mode === "set" ? emptyBoard() : play.board; // setting shows givens and rules alone
  const shown = shownValues();
  for (const [cell, colour] of Object.entries(b.colour)) {
    const g = play.geom[cell];
    if (g) layer.append(svgEl("rect", { class: "colour", "data-cell": cell, "data-value": colour, x: g.x, y: g.y, width: g.w, height: g.h, fill: PALETTE[colour - 1], "fill-opacity": 0.6 }));
  }
  for (const cell of play.sel) {
    const g = play.geom[cell];
    if (g) layer.append(svgEl("rect", { class: "selected", "data-cell": cell, x: g.x + 2, y: g.y + 2, width: g.w - 4, height: g.h - 4, fill: "#ffe066", "fill-opacity": 0.35, stroke: "#e0a800", "stroke-width": 3 }));
  }
  for (const [cell, v] of Object.entries(b.digits)) {
    const g = play.geom[cell];
    if (!g || cell in page.givens) continue;
    const size = g.h * 0.55;
    layer.append(svgEl("text", { class: "value placed entered", "data-cell": cell, "data-value": v, x: g.x + g.w / 2, y: g.y + g.h / 2 + 0.36 * size, "font-size": size, "text-anchor": "middle", fill: "#1a56c4" }, symbol(v)));
  }
  const corners = [[0.18, 0.22], [0.82, 0.22], [0.18, 0.9], [0.82, 0.9], [0.5, 0.22], [0.5, 0.9], [0.18, 0.56], [0.82, 0.56], [0.5, 0.56]];
  for (const [cell, vs] of Object.entries(b.corner)) {
    const g = play.geom[cell];
    if (!g || shown[cell] !== undefined) continue;
    vs.forEach((v, k) => {
      const [fx, fy] = corners[k % corners.length];
      layer.append(svgEl("text", { class: "corner", "data-cell": cell, "data-value": v, x: g.x + fx * g.w, y: g.y + fy * g.h, "font-size": g.h * 0.22, "text-anchor": "middle", fill: "#1a56c4" }, symbol(v)));
    });
  }
  for (const [cell, vs] of Object.entries(b.centre)) {
    const g = play.geom[cell];
    if (!g || shown[cell] !== undefined || !vs.length) continue;
    const text = vs.map(symbol).join("");
    const size = g.h * Math.min(0.26, 1.4 / Math.max(text.length, 1));
    layer.append(svgEl("text", { class: "centre", "data-cell": cell, "data-value": vs.join(" "), x: g.x + g.w / 2, y: g.y + g.h / 2 + 0.36 * size, "font-size": size, "text-anchor": "middle", fill: "#1a56c4" }, text));
  }
  const cells = svg.querySelector("g.cells");
  if (cells) svg.insertBefore(layer, cells);
  else svg.append(layer);
}

// Every value on the board now: givens, the server's placed digits, the solver's own.
function shownValues() {
  const out = { ...page.givens };
  for (const el of document.querySelectorAll("#board-svg text.value:not(.entered)")) out[el.dataset.cell] = Number(el.dataset.value);
  for (const [c, v] of Object.entries(play.board.digits)) if (!(c in page.givens)) out[c] = v;
  return out;
}

// --- editing with undo ---------------------------------------------------------------------------

function snapshot() {
  return JSON.stringify(play.board);
}

function edit(change) {
  const before = snapshot();
  change(play.board);
  if (snapshot() === before) return;
  play.undo.push(before);
  play.redo = [];
  boardChanged();
}

function undoPlay() {
  if (!play.undo.length) return;
  play.redo.push(snapshot());
  play.board = JSON.parse(play.undo.pop());
  boardChanged();
}

function redoPlay() {
  if (!play.redo.length) return;
  play.undo.push(snapshot());
  play.board = JSON.parse(play.redo.pop());
  boardChanged();
}

function boardChanged() {
  paintOverlay();
  $("play-status").textContent = "";
}

function allowed(v) {
  return page.domains.some((d) => d.includes(v));
}

function toggleIn(map, cell, v) {
  const set = new Set(map[cell] || []);
  set.has(v) ? set.delete(v) : set.add(v);
  if (set.size) map[cell] = [...set].sort((a, b) => a - b);
  else delete map[cell];
}

function enter(v, kind) {
  const cells = play.sel.filter((c) => !(c in page.givens));
  if (!cells.length || !allowed(v)) return;
  edit((b) => {
    if (kind === "digit") {
      const all = cells.every((c) => b.digits[c] === v);
      for (const c of cells) all ? delete b.digits[c] : (b.digits[c] = v);
    } else if (kind === "colour") {
      const all = play.sel.every((c) => b.colour[c] === v);
      for (const c of play.sel) all ? delete b.colour[c] : (b.colour[c] = v);
    } else {
      const map = b[kind];
      const all = cells.every((c) => (map[c] || []).includes(v));
      for (const c of cells) if (all || !(map[c] || []).includes(v)) toggleIn(map, c, v);
    }
  });
}

// Delete: the digit first, then the marks, then the colour (as SudokuPad clears, one layer a press).
function erase() {
  edit((b) => {
    const cells = play.sel;
    if (cells.some((c) => c in b.digits)) for (const c of cells) delete b.digits[c];
    else if (cells.some((c) => c in b.corner || c in b.centre)) for (const c of cells) delete b.corner[c], delete b.centre[c];
    else for (const c of cells) delete b.colour[c];
  });
}

// --- selection by mouse and keys --------------------------------------------------------------

function select(cells, add) {
  play.sel = add ? [...play.sel.filter((c) => !cells.includes(c)), ...cells] : [...cells];
  paintOverlay();
  $("selection").textContent = play.sel.join(" ");
}

function cellAt(target) {
  const el = target && target.closest ? target.closest("#board-svg [data-cell].cell") : null;
  return el ? el.dataset.cell : null;
}

function onPointerDown(e) {
  const cell = cellAt(e.target);
  if (!cell) return;
  e.preventDefault();
  play.dragging = true;
  const add = e.ctrlKey || e.metaKey || e.shiftKey;
  if (add && play.sel.includes(cell) && play.sel.length > 1 && !e.shiftKey) select(play.sel.filter((c) => c !== cell));
  else select([cell], add);
  document.activeElement?.blur?.();
}

function onPointerOver(e) {
  if (!play.dragging) return;
  const cell = cellAt(e.target);
  if (cell && !play.sel.includes(cell)) select([cell], true);
}

function onPointerUp() {
  play.dragging = false;
}

// The cell a row/column step away (grids), with the order of page.cells wrapping for figures.
function moveFrom(cell, dr, dc) {
  const m = /^r(\d+)c(\d+)$/.exec(cell);
  if (m && page.grid) {
    const rows = page.rows, cols = page.cols;
    const r = ((Number(m[1]) - 1 + dr + rows) % rows) + 1;
    const c = ((Number(m[2]) - 1 + dc + cols) % cols) + 1;
    const to = `r${r}c${c}`;
    return page.cells.includes(to) ? to : cell;
  }
  const i = page.cells.indexOf(cell);
  const n = page.cells.length;
  return page.cells[(i + dr + dc + n) % n];
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const MODE_KEYS = { z: "digit", x: "corner", c: "centre", v: "colour" };

// The digit of a key press: the key's code, so shift+1 is 1 (not "!"); A..G past 9 on 16x16.
function digitOf(e) {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || "");
  if (m) return Number(m[1]);
  if (/^[0-9]$/.test(e.key)) return Number(e.key);
  if (/^[a-gA-G]$/.test(e.key) && page.cells.length === 256 && !e.ctrlKey) return e.key.toUpperCase().charCodeAt(0) - 55;
  return null;
}

function onKey(e) {
  if (e.target.closest && e.target.closest("input, textarea, select")) return;
  if (!page.cells.length) return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (e.key === "z" || e.key === "Z")) {
    e.preventDefault();
    (e.shiftKey ? redoAny : undoAny)();
    return;
  }
  if (ctrl && (e.key === "y" || e.key === "Y")) {
    e.preventDefault();
    redoAny();
    return;
  }
  if (e.key in ARROWS && play.sel.length && (page.mode === "set" || $("explain-nav").hidden)) {
    e.preventDefault();
    const [dr, dc] = ARROWS[e.key];
    const to = moveFrom(play.sel[play.sel.length - 1], dr, dc);
    select([to], e.shiftKey || ctrl);
    return;
  }
  if (!play.sel.length) return;
  if (e.key === "Delete" || e.key === "Backspace") {
    e.preventDefault();
    page.mode === "set" ? setErase() : erase();
    return;
  }
  if (e.key === "Escape") {
    select([]);
    return;
  }
  if (!ctrl && !e.shiftKey && e.key in MODE_KEYS && page.mode === "solve") {
    setPlayMode(MODE_KEYS[e.key]);
    return;
  }
  const v = digitOf(e);
  if (v === null) return;
  e.preventDefault();
  if (page.mode === "set") return setGiven(v);
  const kind = e.shiftKey ? "corner" : ctrl ? "centre" : play.mode;
  enter(v, kind);
}

function undoAny() {
  page.mode === "set" ? undoSet() : undoPlay();
}

function redoAny() {
  page.mode === "set" ? redoSet() : redoPlay();
}

function setPlayMode(mode) {
  play.mode = mode;
  for (const k of MARK_KINDS) $(`mode-${k}`).classList.toggle("on", k === mode);
}

// --- the state on the board, for hint, explain and check ----------------------------------------

// The solver's digits and centre marks as hint's --state and --marks (a grid of digits only).
function boardState() {
  if (!page.grid || page.domains.some((d) => d.some((v) => v < 0 || v > 9))) return {};
  const digits = { ...play.board.digits };
  const any = Object.keys(digits).length || Object.keys(play.board.centre).length || Object.keys(page.removed).length;
  if (!any) return {};
  const state = page.cells.map((c) => String(page.givens[c] ?? digits[c] ?? ".")).join("");
  const marks = [];
  page.cells.forEach((c, i) => {
    if (c in page.givens || c in digits) return;
    let vs = play.board.centre[c] ? [...play.board.centre[c]] : null;
    if (c in page.removed) vs = (vs || page.domains[i]).filter((v) => !page.removed[c].includes(v));
    if (vs) marks.push(`${c}=${vs.join("")}`);
  });
  return marks.length ? { state, marks } : { state };
}

// Check against the rules, not a stored answer: the digits so far with the puzzle's rules, as hint
// reads them: a conflict shaded where it lies, solved, or nothing wrong found yet.
async function doPlayCheck(signal) {
  const st = boardState();
  let doc;
  try {
    doc = await command("hint", st.state ? st : {}, signal);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400 || !st.state) throw e;
    // two digits that clash outright: the CLI's one line names them and the house they share
    const named = [...new Set(e.message.match(/\br\d+c\d+\b/g) || [])].filter((c) => page.cells.includes(c));
    await draw({ shade: Object.fromEntries(named.map((c) => [c, COLOURS.differ])) }, signal);
    return showResult(h("p", { class: "big" }, span("play-check", "a rule is broken")),
      h("p", { id: "play-check-why", text: e.message.replace(/^puzzlesat: error: (givens: )?/, "") }), legend("differ"));
  }
  const filled = page.cells.every((c) => c in page.givens || c in play.board.digits);
  if (doc.conflict) {
    await showConflict(doc.conflict, signal);
    return showResult(h("p", { class: "big" }, span("play-check", "a rule is broken")),
      h("p", {}, "These cannot all hold: ", doc.conflict.rules.map((r) => r.name).join(", ") || "the digits entered"), legend("differ"));
  }
  await draw({}, signal);
  showResult(h("p", { class: "big" }, span("play-check", filled ? "solved: every rule holds" : "no rule broken so far")));
}

function startPlay() {
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointerover", onPointerOver);
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("keydown", onKey);
  for (const k of MARK_KINDS) $(`mode-${k}`).addEventListener("click", () => setPlayMode(k));
  $("btn-undo").addEventListener("click", undoAny);
  $("btn-redo").addEventListener("click", redoAny);
  setPlayMode("digit");
}
