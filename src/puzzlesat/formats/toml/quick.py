"""The plain TOML of a puzzle file, read without tomllib (start-up.md D5).

`tomllib` costs about 10 ms at every start before it reads a byte (it compiles its regular
expressions and imports datetime, string and typing), more than reading a KenKen. Puzzle files use
little of TOML: bare keys, `[table]` and `[[array]]` headers, keys and strings without escapes, decimal
integers, booleans, arrays and one-line inline tables, comments. `loads` reads exactly that and
returns None for anything else (a float, a date, an escape, a dotted key, a key or table
given twice, `\\r`, a control character, a syntax error...), and then tomllib reads the text as
before, with its own messages. tests/test_toml_quick.py checks it against tomllib: every TOML file
of the project, and random documents in and beyond the subset.
"""

from __future__ import annotations

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_DIGITS = frozenset("0123456789")
_ENDS = frozenset(" \t\n,]}#")  # what may follow a number or a boolean
_NOT_PLAIN = frozenset(chr(c) for c in range(32) if c not in (9, 10)) | {"\x7f"}


class _Refused(Exception):
    """Beyond the subset, or not TOML: tomllib decides."""


def loads(text: str) -> dict[str, object] | None:
    """What `tomllib.loads(text)` returns, or None where this reader is not sure."""
    if not _NOT_PLAIN.isdisjoint(text):
        return None
    try:
        return _Reader(text).document()
    except (_Refused, IndexError, RecursionError):
        return None


class _Reader:
    __slots__ = ("text", "pos", "end")

    def __init__(self, text: str) -> None:
        self.text, self.pos, self.end = text, 0, len(text)

    def document(self) -> dict[str, object]:
        root: dict[str, object] = {}
        arrays: set[str] = set()  # the names made by [[name]]
        current = root
        text = self.text
        while True:
            self._blank()
            if self.pos >= self.end:
                return root
            if text[self.pos] == "[":
                current = self._header(root, arrays)
            else:
                key = self._key()
                self._spaces()
                self._expect("=")
                self._spaces()
                if key in current:
                    raise _Refused
                current[key] = self._value(inline=False)
            self._line_end()

    def _blank(self) -> None:
        """Past blank lines, comment lines and leading whitespace."""
        text = self.text
        while self.pos < self.end:
            c = text[self.pos]
            if c in " \t\n":
                self.pos += 1
            elif c == "#":
                nl = text.find("\n", self.pos)
                self.pos = self.end if nl < 0 else nl + 1
            else:
                return

    def _spaces(self) -> None:
        text = self.text
        while self.pos < self.end and text[self.pos] in " \t":
            self.pos += 1

    def _expect(self, c: str) -> None:
        if self.text[self.pos] != c:
            raise _Refused
        self.pos += 1

    def _line_end(self) -> None:
        """Spaces, a comment, then the end of the line or of the text."""
        self._spaces()
        if self.pos >= self.end:
            return
        c = self.text[self.pos]
        if c == "#":
            nl = self.text.find("\n", self.pos)
            self.pos = self.end if nl < 0 else nl + 1
        elif c == "\n":
            self.pos += 1
        else:
            raise _Refused

    def _key(self) -> str:
        """A bare key, or a quoted one without escapes."""
        start, text = self.pos, self.text
        if start < self.end and text[start] in "\"'":
            close = text.find(text[start], start + 1)
            body = text[start + 1 : close]
            if close < 0 or "\\" in body or "\n" in body:
                raise _Refused
            self.pos = close + 1
            return body
        while self.pos < self.end and text[self.pos] in _BARE:
            self.pos += 1
        if self.pos == start:
            raise _Refused
        return text[start : self.pos]

    def _header(self, root: dict[str, object], arrays: set[str]) -> dict[str, object]:
        double = self.text.startswith("[[", self.pos)
        self.pos += 2 if double else 1
        name = self._key()
        self._expect("]")
        table: dict[str, object] = {}
        if double:
            self._expect("]")
            if name not in root:
                root[name] = []
                arrays.add(name)
            elif name not in arrays:
                raise _Refused
            root[name].append(table)  # type: ignore[attr-defined]
        elif name in root:
            raise _Refused
        else:
            root[name] = table
        return table

    def _value(self, inline: bool) -> object:
        text, pos = self.text, self.pos
        c = text[pos]
        if c in "\"'" and text.startswith(c * 3, pos):  # a multi-line string, here without escapes
            if inline:
                raise _Refused
            close = text.find(c * 3, pos + 3)
            body = text[pos + 3 : close]
            if close < 0 or text.startswith(c, close + 3) or (c == '"' and "\\" in body):
                raise _Refused
            self.pos = close + 3
            return body[1:] if body.startswith("\n") else body
        if c == '"':
            close = text.find('"', pos + 1)
            body = text[pos + 1 : close]
            if close < 0 or "\\" in body or "\n" in body:
                raise _Refused
            self.pos = close + 1
            return body
        if c == "'":
            close = text.find("'", pos + 1)
            body = text[pos + 1 : close]
            if close < 0 or "\n" in body:
                raise _Refused
            self.pos = close + 1
            return body
        if c == "[":
            return self._array(inline)
        if c == "{":
            return self._table()
        for word, value in (("true", True), ("false", False)):
            if text.startswith(word, pos):
                self.pos = pos + len(word)
                self._ended()
                return value
        start = pos + (c == "-")
        stop = start
        while stop < self.end and text[stop] in _DIGITS:
            stop += 1
        digits = text[start:stop]
        if not digits or (digits[0] == "0" and len(digits) > 1) or len(digits) > 18:
            raise _Refused
        self.pos = stop
        self._ended()
        return int(text[pos:stop])

    def _ended(self) -> None:
        """A number or a boolean is followed by a space, a separator, a comment or the line's end."""
        if self.pos < self.end and self.text[self.pos] not in _ENDS:
            raise _Refused

    def _array(self, inline: bool) -> list[object]:
        self.pos += 1
        out: list[object] = []
        while True:
            self._gap(inline)
            if self.text[self.pos] == "]":
                self.pos += 1
                return out
            out.append(self._value(inline))
            self._gap(inline)
            if self.text[self.pos] == ",":
                self.pos += 1
            elif self.text[self.pos] != "]":
                raise _Refused

    def _gap(self, inline: bool) -> None:
        """Inside an array: spaces, and (outside an inline table) newlines and comments."""
        if inline:
            self._spaces()
        else:
            self._blank()

    def _table(self) -> dict[str, object]:
        self.pos += 1
        out: dict[str, object] = {}
        self._spaces()
        if self.text[self.pos] == "}":
            self.pos += 1
            return out
        while True:
            key = self._key()
            self._spaces()
            self._expect("=")
            self._spaces()
            if key in out:
                raise _Refused
            out[key] = self._value(inline=True)
            self._spaces()
            c = self.text[self.pos]
            self.pos += 1
            if c == "}":
                return out
            if c != ",":
                raise _Refused
            self._spaces()
