"""f-puzzles import: a link, a bare string or a file holding one, read into a grid `Puzzle`.

Setters share variant sudokus made in f-puzzles as `https://www.f-puzzles.com/?load=<data>` or as
the bare `<data>`: lz-string's `compressToBase64` of a JSON document (`size`, `grid` with givens
and jigsaw regions, `killercage`, `thermometer`, `arrow`, `difference`, `ratio`, `xv`, `negative`,
`diagonal+`, `diagonal-`, `antiknight`, `antiking`, `nonconsecutive`, ...). Each supported kind
becomes what a user would write in a file (grid flags, `[[dot]]`, `[[cage]]`, `[[less]]`, `[[sum]]`);
where the format is silent, the reading is that of f-puzzles' own solver (docs/decisions/formats.md,
"f-puzzles import"). A key puzzlesat cannot state is a one-line error naming it, never a
silently different puzzle; so is a cosmetic (lines, shapes, text, cell colours), since whatever
rule it stands for is only in the rules text.

>>> data = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQZsQAN2RA==="
>>> is_fpuzzles(data), is_fpuzzles("sudoku"), is_fpuzzles("my.toml")
(True, False, False)
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from puzzlesat.formats.fault import Fault, json_kind, loads
from puzzlesat.runtime.errors import FileFormatError, ModelError

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle

# `https://www.f-puzzles.com/?load=<data>` (scheme and www optional, other query keys allowed).
LINK = re.compile(r"(?:https?://)?(?:www\.)?f-puzzles\.com/?\??(?:[^#\s]*?&)?load=(?P<data>[^&#\s]+)\S*", re.I)
# Every f-puzzles string starts with N4Ig: lz-string's opening for a JSON object, `{"` and a letter.
BARE = re.compile(r"N4Ig[A-Za-z0-9+/]*={0,3}")
NESTED = "the JSON document is nested too deeply (arrays or objects within each other)"
# A file bigger than this is no f-puzzles string (the largest real ones are tens of kilobytes).
MAX_FILE = 4_000_000


def extract(text: str) -> str | None:
    """The lz-string data of an f-puzzles link or bare string (spaces and line breaks ignored), or None."""
    text = text.strip()
    m = LINK.fullmatch(text)
    if m:
        from urllib.parse import unquote  # here: telling a file's form needs neither it nor pathlib

        return unquote(m["data"])
    data = "".join(text.split())
    return data if BARE.fullmatch(data) else None


def is_link(ref: str) -> bool:
    """Any web link: one that is not f-puzzles' gets an error naming it, not "no such file"."""
    return ref.lower().startswith(("http://", "https://"))


def _file_text(ref: str) -> str | None:
    """The text of `ref` if it names a readable file small enough to hold an f-puzzles string."""
    from pathlib import Path

    try:
        path = Path(ref)
        if not path.is_file() or path.stat().st_size > MAX_FILE:
            return None
    except (OSError, ValueError):  # a long bare string is no file name (ENAMETOOLONG), nor one with NUL
        return None
    from puzzlesat.runtime.atomic import read_text

    return read_text(path, error=FileFormatError, lenient=True)


def is_fpuzzles(ref: str) -> bool:
    """Is `ref` an f-puzzles link, a bare f-puzzles string, or a file holding one (whatever its name:
    `puzzlesat.catalog.held` reads a file by its content)? A catalog name never is (no `N4Ig` prefix)."""
    text = _file_text(ref)
    return extract(ref if text is None else text) is not None


def load_fpuzzles(text: str, source: str = "") -> Puzzle:
    """The puzzle an f-puzzles link or string stands for; every fault is one FileFormatError line,
    `SOURCE: f-puzzles: ...` (a file's name as the source; none for a link or a string)."""
    prefix = f"{source}: f-puzzles: " if source else "f-puzzles: "
    try:
        data = extract(text)
        if data is None:
            shown = text if len(text) <= 60 else text[:57] + "..."
            what = "an f-puzzles link without ?load=" if "f-puzzles.com" in text.lower() else "not an f-puzzles link"
            raise Fault(f"{shown}: {what} (links look like https://www.f-puzzles.com/?load=N4Ig...)")
        from puzzlesat.formats.fpuzzles.doc import build  # the model, rules and grid: loaded only for f-puzzles input

        return build(_decode(data))
    except Fault as e:
        raise FileFormatError(f"{prefix}{e}") from None
    except ModelError as e:
        raise FileFormatError(f"{prefix}{e}") from None
    except RecursionError:  # a value nested nearly as deep as the JSON reader allows, written out in a message
        raise FileFormatError(f"{prefix}{NESTED}") from None


def _decompress(data: str) -> str | None:
    """lz-string's decompressFromBase64 (py-lzstring, imported here: only f-puzzles input needs it)."""
    try:
        import lzstring
    except ImportError:
        raise Fault("reading f-puzzles strings needs the py-lzstring package: pip install py-lzstring") from None
    decompress = getattr(lzstring, "decompress_from_base64", None)
    if decompress is None:  # the older `lzstring` package owns the same import name
        raise Fault(
            "the installed `lzstring` module is not py-lzstring's: pip uninstall lzstring; pip install py-lzstring"
        )
    # The decoder reads past a string that lost its padding, as lz-string's JavaScript does.
    data += "=" * (-len(data) % 4)
    try:
        return decompress(data)
    except (KeyError, IndexError, ValueError, OverflowError):  # corrupt input the decoder did not catch itself
        return None


def _decode(data: str) -> dict[str, Any]:
    text = _decompress(data)
    if not text:
        raise Fault(f"the string does not decompress (lz-string data, {len(data)} characters; cut short?)")
    # JavaScript strings are UTF-16: characters beyond the BMP (emoji in a title) arrive as surrogate pairs.
    text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    try:
        doc = loads(text)
    except json.JSONDecodeError as e:
        raise Fault(f"the string decompresses to no JSON document ({e.msg} at character {e.pos})") from None
    except RecursionError:  # Python's JSON reader recurses once per level: 50,000 nested arrays overflow it
        raise Fault(NESTED) from None
    if not isinstance(doc, dict):
        raise Fault(f"the string decompresses to {json_kind(doc)}, not a puzzle (a JSON object)")
    return doc
