"use strict";
// The puzzle the page sets is a TOML document (docs/format.md), the same the CLI reads: this file
// reads what `puzzlesat convert` writes (any link or file, turned into TOML by the server) into a
// plain object, and writes such an object back as TOML. Only TOML's plain parts are needed:
// tables, arrays of tables, strings, integers, floats, booleans, arrays and inline tables.

class TomlError extends Error {}

function tomlParse(text) {
  const root = {};
  let table = root;
  let i = 0;
  const fail = (why) => {
    const line = text.slice(0, i).split("\n").length;
    throw new TomlError(`puzzlesat: error: the puzzle's TOML, line ${line}: ${why}`);
  };
  const skip = (newlines) => {
    for (;;) {
      const c = text[i];
      if (c === " " || c === "\t" || c === "\r" || (newlines && c === "\n")) i += 1;
      else if (c === "#") while (i < text.length && text[i] !== "\n") i += 1;
      else return;
    }
  };
  const bare = /[A-Za-z0-9_-]/;
  function key() {
    const parts = [];
    for (;;) {
      skip(false);
      if (text[i] === '"' || text[i] === "'") parts.push(string());
      else {
        const start = i;
        while (i < text.length && bare.test(text[i])) i += 1;
        if (i === start) fail("a key was expected");
        parts.push(text.slice(start, i));
      }
      skip(false);
      if (text[i] !== ".") return parts;
      i += 1;
    }
  }
  function string() {
    const q = text[i];
    const triple = text.startsWith(q.repeat(3), i);
    i += triple ? 3 : 1;
    if (triple && text[i] === "\n") i += 1; // TOML drops a newline right after the opening quotes
    let out = "";
    for (;;) {
      if (i >= text.length) fail("a string is not closed");
      if (triple ? text.startsWith(q.repeat(3), i) : text[i] === q) {
        i += triple ? 3 : 1;
        return out;
      }
      if (!triple && text[i] === "\n") fail("a string is not closed on its line");
      if (q === '"' && text[i] === "\\") {
        const e = text[i + 1];
        const simple = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\", b: "\b", f: "\f" };
        if (e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === "u" || e === "U") {
          const n = e === "u" ? 4 : 8;
          out += String.fromCodePoint(parseInt(text.slice(i + 2, i + 2 + n), 16));
          i += 2 + n;
        } else if (triple && (e === "\n" || e === " ")) {
          i += 1;
          skip(true);
        } else fail(`an unknown escape \\${e}`);
      } else {
        out += text[i];
        i += 1;
      }
    }
  }
  function value() {
    skip(false);
    const c = text[i];
    if (c === '"' || c === "'") return string();
    if (c === "[") {
      i += 1;
      const out = [];
      for (;;) {
        skip(true);
        if (text[i] === "]") {
          i += 1;
          return out;
        }
        out.push(value());
        skip(true);
        if (text[i] === ",") i += 1;
        else if (text[i] !== "]") fail("',' or ']' was expected in an array");
      }
    }
    if (c === "{") {
      i += 1;
      const out = {};
      skip(false);
      if (text[i] === "}") {
        i += 1;
        return out;
      }
      for (;;) {
        const path = key();
        if (text[i] !== "=") fail("'=' was expected");
        i += 1;
        put(out, path, value());
        skip(false);
        if (text[i] === ",") i += 1;
        else if (text[i] === "}") {
          i += 1;
          return out;
        } else fail("',' or '}' was expected in an inline table");
      }
    }
    const m = /^(true|false|[+-]?(?:inf|nan)|[+-]?[0-9_]+(?:\.[0-9_]+)?(?:[eE][+-]?[0-9_]+)?)/.exec(text.slice(i, i + 64));
    if (!m) fail("a value was expected");
    i += m[0].length;
    if (m[0] === "true" || m[0] === "false") return m[0] === "true";
    const n = Number(m[0].replace(/_/g, ""));
    return n;
  }
  function put(obj, path, v) {
    let t = obj;
    for (const p of path.slice(0, -1)) t = t[p] ??= {};
    const last = path[path.length - 1];
    if (last in t) fail(`the key ${path.join(".")} is given twice`);
    t[last] = v;
  }
  function header() {
    const array = text.startsWith("[[", i);
    i += array ? 2 : 1;
    const path = key();
    if (!text.startsWith(array ? "]]" : "]", i)) fail("a table header is not closed");
    i += array ? 2 : 1;
    let t = root;
    for (const p of path.slice(0, -1)) {
      t = t[p] ??= {};
      if (Array.isArray(t)) t = t[t.length - 1];
    }
    const last = path[path.length - 1];
    if (array) {
      (t[last] ??= []).push({});
      return t[last][t[last].length - 1];
    }
    return (t[last] ??= {});
  }
  for (;;) {
    skip(true);
    if (i >= text.length) return root;
    if (text[i] === "[") table = header();
    else {
      const path = key();
      if (text[i] !== "=") fail("'=' was expected");
      i += 1;
      put(table, path, value());
    }
    skip(false);
    if (i < text.length && text[i] !== "\n") fail("one key a line");
  }
}

// --- writing ----------------------------------------------------------------------------------

const TOML_BARE = /^[A-Za-z0-9_-]+$/;

function tomlKey(k) {
  return TOML_BARE.test(k) ? k : JSON.stringify(k);
}

function isTable(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function isTableArray(v) {
  return Array.isArray(v) && v.length > 0 && v.every(isTable);
}

function tomlValue(v) {
  if (typeof v === "string") return JSON.stringify(v); // JSON's escapes are TOML's basic string's
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new TomlError(`puzzlesat: error: ${v} is not a number TOML can hold`);
    return String(v);
  }
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  if (isTable(v)) {
    const items = Object.entries(v).map(([k, x]) => `${tomlKey(k)} = ${tomlValue(x)}`);
    return items.length ? `{ ${items.join(", ")} }` : "{}";
  }
  throw new TomlError(`puzzlesat: error: ${typeof v} is not a TOML value`);
}

// The object as TOML text: a table's plain keys first, then its tables, then its arrays of tables.
function tomlDump(doc) {
  const out = [];
  function table(obj, path) {
    const plain = Object.entries(obj).filter(([, v]) => v !== undefined && !isTable(v) && !isTableArray(v));
    for (const [k, v] of plain) out.push(`${tomlKey(k)} = ${tomlValue(v)}`);
    for (const [k, v] of Object.entries(obj)) {
      if (!isTable(v)) continue;
      const name = [...path, k].map(tomlKey).join(".");
      out.push("", `[${name}]`);
      table(v, [...path, k]);
    }
    for (const [k, v] of Object.entries(obj)) {
      if (!isTableArray(v)) continue;
      const name = [...path, k].map(tomlKey).join(".");
      for (const item of v) {
        out.push("", `[[${name}]]`);
        for (const [ik, iv] of Object.entries(item)) if (iv !== undefined) out.push(`${tomlKey(ik)} = ${tomlValue(iv)}`);
      }
    }
  }
  table(doc, []);
  return out.join("\n").replace(/^\n+/, "") + "\n";
}
