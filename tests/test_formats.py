"""The exchange formats of issue 30: SadMan .sdk and .sdm files, the 729-character sukaku, SudokuPad
links, and `convert --to fpuzzles|sudokupad|sdk`, each read back to the same puzzle."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import lzstring
import pytest
from test_classic import HARD
from test_cli import one_line_error
from test_fpuzzles import INSTANCES, MODELS, blank, pack

import puzzlesat
from puzzlesat.catalog import load as puzzles
from puzzlesat.catalog.builtin import names
from puzzlesat.formats.fpuzzles.link import load_fpuzzles
from puzzlesat.formats.same import same_puzzle
from puzzlesat.runtime.errors import FileFormatError, UsageError

ROOT = Path(__file__).resolve().parent.parent
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def values(p: puzzles.Puzzle) -> list[str]:
    """Every solution (at most two), as digit strings."""
    return sorted("".join(map(str, s.values)) for s in puzzlesat.solve(p, limit=2, modulo_symmetry=False).solutions)


# --- SadMan .sdk and .sdm ---------------------------------------------------------------------------


def sdk(line: str, header: str = "#A someone\n#D the first of top95\n", tail: str = "") -> str:
    return header + "".join(line[9 * r : 9 * r + 9] + "\n" for r in range(9)) + tail


def test_an_sdk_file_is_the_sudoku_of_its_grid(tmp_path: Path) -> None:
    """# header lines are skipped, '0' is a blank like '.', and a [State] section (the solver's
    progress) is not the puzzle: it loads as the classic line does."""
    path = tmp_path / "hard.sdk"
    path.write_text(sdk(HARD.replace(".", "0", 5), tail="[State]\n" + "1" * 9 + "\n"), encoding="utf-8")
    assert puzzles.load(str(path)) == puzzles.load(HARD)
    path.write_text("[Puzzle]\n" + sdk(HARD, header=""), encoding="utf-8")
    assert values(puzzles.load(str(path))) == [HARD_SOLUTION]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "#x\n123\n",
            "a .sdk grid is 9 lines of 9 characters (4 of 4, 16 of 16) after its # header lines, "
            "got 1 line of 3 characters",
        ),
        (sdk(HARD[:-1] + "x"), "line 11: 'x' is no digit or '.' (a blank) of a .sdk grid"),
        (sdk("11" + HARD[2:]), "givens: cells r1c1 and r1c2 both hold 1 but are in row 1"),
    ],
)
def test_a_bad_sdk_file_is_one_line(cli, tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.sdk"
    path.write_text(text, encoding="utf-8")
    assert one_line_error(cli("check", str(path))).endswith(message)


def test_an_sdm_file_of_one_puzzle_is_that_puzzle_and_of_many_a_batch(cli, tmp_path: Path) -> None:
    """As PUZZLE a .sdm holds one puzzle (else one line saying how to solve them all); as
    --givens-file each line is an instance, '0' blanks included."""
    one, many = tmp_path / "one.sdm", tmp_path / "many.sdm"
    one.write_text(HARD.replace(".", "0") + "\n", encoding="utf-8")
    many.write_text(f"{HARD}\n{HARD.replace('.', '0')}\n", encoding="utf-8")
    assert puzzles.load(str(one)) == puzzles.load(HARD)
    assert one_line_error(cli("check", str(many))) == (
        f"{many}: holds 2 puzzles; solve them all with `puzzlesat solve sudoku --givens-file {many}`, or keep one line"
    )
    batch = cli("solve", "sudoku", "--givens-file", str(many), "--json").json()
    assert (batch["instances"], batch["solved"]) == (2, 2)
    assert {"".join(map(str, r["solutions"][0]["values"])) for r in batch["results"]} == {HARD_SOLUTION}


def test_a_missing_sadman_file_is_no_such_file(cli, tmp_path: Path) -> None:
    assert one_line_error(cli("check", str(tmp_path / "none.sdk"))) == f"{tmp_path / 'none.sdk'}: no such file"
    assert one_line_error(cli("check", "none.sdm")) == "none.sdm: no such file"


# --- any form, saved to a file ---------------------------------------------------------------------


def test_a_file_holds_any_form_the_argument_takes(cli, tmp_path: Path) -> None:
    """Issue 39: the content decides, not the name. A classic line, a sukaku, a SudokuPad link and
    an f-puzzles string each load from a file as they do pasted; a .sdk grid or a .sdm list loads
    under any name; a real TOML file still reads as TOML, whatever its content's first line."""
    link = "https://sudokupad.app/classic" + HARD
    forms = {"line.txt": HARD, "marks": sukaku(HARD), "pad.toml": link, "fp.txt": pack(blank(4))}
    for name, text in forms.items():
        (tmp_path / name).write_text(f"{text}\n", encoding="utf-8")
        assert puzzles.load(str(tmp_path / name)) == puzzles.load(text), name
    grid = tmp_path / "grid.txt"
    grid.write_text(sdk(HARD), encoding="utf-8")
    assert puzzles.load(str(grid)) == puzzles.load(HARD)
    many = tmp_path / "many"
    many.write_text(f"{HARD}\n{HARD}\n", encoding="utf-8")
    assert one_line_error(cli("check", str(many))).startswith(f"{many}: holds 2 puzzles;")
    toml = tmp_path / "ring"
    toml.write_text('# a ring\nname = "x"\ncells = 2\nvalues = [1, 2]\n', encoding="utf-8")
    assert puzzles.load(str(toml)).name == "x"
    toml.write_text('name = "x"\ncells = 2\nvalues = [1, 2\n', encoding="utf-8")
    assert one_line_error(cli("check", str(toml))).startswith(f"{toml}: invalid TOML: ")


def test_a_held_form_names_its_file_in_errors(cli, tmp_path: Path) -> None:
    """A link, line or string read from a file is refused as pasted, the file's name first; -p is
    refused for a file of any form, --givens where the pasted form refuses it."""
    short = tmp_path / "short.txt"
    short.write_text("https://sudokupad.app/abc123\n", encoding="utf-8")
    assert one_line_error(cli("check", str(short))).startswith(f"{short}: SudokuPad: 'abc123' is a short puzzle id")
    bad = tmp_path / "bad.txt"
    bad.write_text("https://sudokupad.app/classic123\n", encoding="utf-8")
    assert one_line_error(cli("check", str(bad))).startswith(f"{bad}: SudokuPad (classic): expected an 81-character")
    line = tmp_path / "line.txt"
    line.write_text(HARD, encoding="utf-8")
    assert one_line_error(cli("check", str(line), "-p", "box=3")) == (
        f"{line}: parameters (-p) apply to catalog puzzles only; write them into the file"
    )
    assert one_line_error(cli("check", str(line), "--givens", HARD)) == (
        f"{line}: a classic line holds its own givens; drop --givens"
    )


def test_every_puzzle_help_names_every_form() -> None:
    """Issue 39: each command's PUZZLE help names every form it reads, files and standard input too
    (`serve` only puts its PUZZLE in the page's address)."""
    import typer

    from puzzlesat import cli as cli_module

    forms = (
        "catalog name",
        "TOML puzzle file",
        "f-puzzles link or string",
        "SudokuPad link",
        "81 characters",
        "729-character sukaku",
        ".sdk/.sdm file",
        "A file, or - (standard input), may hold any of them",
    )
    commands = typer.main.get_command(cli_module.app).commands  # type: ignore[attr-defined]
    helps = {
        name: " ".join(p.help.split())
        for name, command in commands.items()
        for p in command.params
        if getattr(p, "metavar", None) == "PUZZLE" and name != "serve"
    }
    assert len(helps) >= 14
    for name, text in helps.items():
        assert all(form in text for form in forms), name


def test_a_sudokupad_link_on_standard_input() -> None:
    """`-` reads what a file holds: a SudokuPad link too."""
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesat", "check", "-"],
        input="https://sudokupad.app/classic" + HARD + "\n",
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stderr) == (0, "")


# --- the sukaku -------------------------------------------------------------------------------------


def sukaku(line: str) -> str:
    """The pencil marks of a classic line: a given alone in its place, a blank every digit."""
    return "".join("123456789" if ch == "." else "." * (int(ch) - 1) + ch + "." * (9 - int(ch)) for ch in line)


def test_a_sukaku_restricts_each_cell_to_its_marks(cli) -> None:
    """The givens as single marks: the classic puzzle's one solution; '0' is as absent as '.'."""
    marks = sukaku(HARD)
    p = puzzles.load(marks)
    assert (p.name, p.givens, p.domains[0], p.domains[1]) == ("sukaku", (), (4,), tuple(range(1, 10)))
    assert values(p) == [HARD_SOLUTION]
    assert cli("check", marks.replace(".", "0")).code == 0
    # a mark struck from r1c2 (the solution's 1) leaves no solution
    struck = marks[:9] + "." + marks[10:]
    assert cli("check", struck).code != 0 and values(puzzles.load(struck)) == []


def test_a_sukaku_on_standard_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "puzzlesat", "check", "-"], input=sukaku(HARD), cwd=ROOT, capture_output=True, text=True
    )
    assert (done.returncode, done.stderr) == (0, "")


def test_a_sukaku_refuses_an_empty_cell_and_options(cli) -> None:
    marks = sukaku(HARD)
    empty = "0" * 9 + marks[9:]
    assert one_line_error(cli("check", empty)) == "the sukaku line: cell r1c1 has no candidate (nine '0' or '.')"
    assert (
        one_line_error(cli("check", marks, "-p", "box=3"))
        == "the sukaku line: a sukaku is a 9x9 sudoku; -p does not apply"
    )
    assert one_line_error(cli("check", marks, "--givens", HARD)) == (
        "the sukaku line: a sukaku's pencil marks are its clues; drop --givens"
    )


# --- SudokuPad links ------------------------------------------------------------------------------


def native(n: int = 4, **keys: object) -> dict:
    """A SudokuPad document: an n x n grid with square boxes (n a square) and other keys."""
    b = int(n**0.5)
    regions = [
        [[r, c] for r in range(br, br + b) for c in range(bc, bc + b)] for br in range(0, n, b) for bc in range(0, n, b)
    ]
    return {"cells": [[{} for _ in range(n)] for _ in range(n)], "regions": regions, **keys}


def scl(doc: dict | str, prefix: str = "scl") -> str:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return "https://sudokupad.app/" + prefix + lzstring.compress_to_base64(text)


BULB = {"rounded": True, "width": 0.85, "height": 0.85, "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"}
# Drawn as f-puzzles' converter draws them (SudokuPad's fpuzzlesdecoder): a thermometer from r1c1,
# an arrow from a circle on r3c3 up the column, a black dot under r4c1, an X between r2c1 and r3c1,
# the r1c1-r4c4 diagonal, a killer cage and an odd circle.
DRAWN = native(
    underlays=[{**BULB, "center": [0.5, 0.5]}, {"center": [3.5, 3.5], "rounded": True, "width": 0.7, "height": 0.7}],
    lines=[
        {"wayPoints": [[0.5, 0.5], [0.5, 1.5], [1.5, 1.5]], "color": "#CFCFCF", "thickness": 21},
        {"wayPoints": [[0, 0], [4, 4]], "color": "#34BBE6", "thickness": 2},
    ],
    arrows=[{"wayPoints": [[2.2, 2.5], [1.5, 2.5], [0.5, 2.5]], "headLength": 0.3}],
    overlays=[
        {"center": [2.5, 2.5], "rounded": True, "width": 0.75, "height": 0.75, "backgroundColor": "#ffffff"},
        {"center": [3.5, 1.0], "rounded": True, "width": 0.3, "height": 0.3, "backgroundColor": "#000000"},
        {"center": [2.0, 0.5], "width": 0.25, "height": 0.25, "text": "X", "backgroundColor": "#FFFFFF"},
    ],
    cages=[{"cells": [[3, 2], [3, 3]], "value": "7", "sum": 7, "unique": True}, {"value": "title: Drawn"}],
)
# The same rules as f-puzzles states them.
STATED = blank(
    4,
    thermometer=[{"lines": [["R1C1", "R1C2", "R2C2"]]}],
    arrow=[{"cells": ["R3C3"], "lines": [["R3C3", "R2C3", "R1C3"]]}],
    ratio=[{"cells": ["R4C1", "R4C2"]}],
    xv=[{"cells": ["R2C1", "R3C1"], "value": "X"}],
    killercage=[{"cells": ["R4C3", "R4C4"], "value": "7"}],
    odd=[{"cell": "R4C4"}],
    **{"diagonal-": True},
)


def test_a_drawn_sudokupad_puzzle_reads_as_the_rules_it_draws() -> None:
    """Bulbed lines, arrows on circles, dots, letters, the diagonal, cages and parity shading are the
    rules f-puzzles states for them; the title comes from the metadata cage."""
    p = puzzles.load(scl(DRAWN))
    assert p.title == "Drawn" and same_puzzle(p, load_fpuzzles(pack(STATED)))


def test_sudokupad_hosts_prefixes_and_shortened_json() -> None:
    """ctc is scl; app.crackingthecryptic.com/sudoku/ and ?puzzleid= are SudokuPad too; PuzzleZipper's
    short keys, bare names, t/f and empty objects read as the full document."""
    doc = native(cells=[[{"value": 1}, {}, {}, {}], [{}] * 4, [{}] * 4, [{}] * 4])
    want = puzzles.load(scl(doc))
    assert want.givens == ((0, 1),)
    for link in (
        scl(doc, "ctc"),
        scl(doc).replace("https://sudokupad.app/", "https://app.crackingthecryptic.com/sudoku/"),
        scl(doc).replace("sudokupad.app/", "sudokupad.app/?puzzleid="),
    ):
        assert puzzles.load(link) == want
    regions = json.dumps(doc["regions"], separators=(",", ":"))
    zipped = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],re:" + regions + ",ca:[{v:'title: Zipped'},{ce:[[3,3]],v:4,unique:t}]}"
    p = puzzles.load(scl(zipped))
    assert p.title == "Zipped" and p.givens == ((0, 1),) and len(p.rules) == 1 and p.rules[0].target == 4


def test_fpuzzles_and_classic_payloads() -> None:
    assert same_puzzle(puzzles.load("https://sudokupad.app/fpuzzles" + pack(STATED)), load_fpuzzles(pack(STATED)))
    assert puzzles.load("sudokupad.app/fpuz" + pack(STATED)) == load_fpuzzles(pack(STATED))
    assert puzzles.load("https://sudokupad.app/classic" + HARD) == puzzles.load(HARD)


@pytest.mark.parametrize(
    ("link", "message"),
    [
        (
            "https://sudokupad.app/abc123",
            "SudokuPad: 'abc123' is a short puzzle id, which SudokuPad looks up on its server; puzzlesat does not "
            "use the network: open the link in SudokuPad and share it with its data",
        ),
        (
            scl(native(lines=[{"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#C0C0C0"}])),
            "SudokuPad (scl): lines[1] is a line without a bulb at either end (no thermometer) (SudokuPad draws it "
            "without checking it: the rule it stands for is only in the rules text)",
        ),
        (
            scl(native(arrows=[{"wayPoints": [[-0.5, 0.5], [0.5, 1.5]]}])),
            "SudokuPad (scl): arrows[1] is an arrow that starts on no circle (a little killer or a cosmetic arrow)",
        ),
        (
            scl(native(overlays=[{"center": [0.5, 0.5], "width": 0.6, "height": 0.6, "text": "?"}])),
            'SudokuPad (scl): overlays[1] is a shape "?" that is no kropki dot, XV, parity mark or bulb',
        ),
        (
            scl(native(cages=[{"cells": [[0, 0], [0, 1]], "value": "10", "outlineC": "#f00"}])),
            "SudokuPad (scl): cages[1] is a cosmetic cage (f-puzzles' coloured cage) (SudokuPad draws it",
        ),
        (
            scl(native(foglight=[[0, 0]])),
            'SudokuPad (scl): the puzzle uses "foglight", which puzzlesat does not support',
        ),
        (scl(native(regions=[[[0, 0]]])), "SudokuPad (scl): regions: 15 cells are in no region (r1c2 first)"),
        ("https://sudokupad.app/sclN4Ig!!", "SudokuPad (scl): the data does not decompress"),
        (scl(native(underlays=1.5)), "SudokuPad (scl): underlays: expected an array, got a number"),
        (scl(native(arrows="x")), "SudokuPad (scl): arrows: expected an array, got a string"),
        (
            scl(native(cages=[{"cells": [[0, 0]], "value": "9" * 5000}])),
            'SudokuPad (scl): cages[1].value: "99999999999999999999999999999999999..." is no sum',
        ),
        (
            scl('{"cells": ' + "9" * 5000 + "}"),
            "SudokuPad (scl): the JSON document holds a number of 5,000 digits, more than any puzzle needs",
        ),
        (scl("{cells:" + "[" * 700 + "]" * 700 + "}"), "SudokuPad (scl): the JSON document is nested too deeply"),
        ("https://sudokupad.app/scfabc", "SudokuPad (scf): the legacy scf format is not supported"),
        ("https://sudokupad.app/classic123", "SudokuPad (classic): expected an 81-character classic line after"),
    ],
)
def test_what_sudokupad_cannot_say_is_one_line(cli, link: str, message: str) -> None:
    """A short id needs the network; a drawing whose rule is only prose, a shape that is no rule, a
    cosmetic cage, an unknown key, partial regions, bad data: one line each, exit 2."""
    assert one_line_error(cli("check", link)).startswith(message)


def test_folded_slashes_are_repaired_within_a_budget(monkeypatch) -> None:
    """A link whose `//` a server folded into `/` is repaired (the doubled slash found by trying few
    doublings first); a 100 kB payload with 12 slashes that no doubling repairs costs a bounded
    number of decompressions (issue 39: it tried all 4,096 placements, 87 s), then one line."""
    import random

    from test_real_links import PUZZLES

    import puzzlesat.formats.fpuzzles.link
    from puzzlesat.formats.fpuzzles.link import extract
    from puzzlesat.formats.sudokupad import link as sudokupad

    data = next(d for p in PUZZLES if "//" in (d := extract(p["link"]) or ""))  # a real one: 7 slashes, one `//`
    assert puzzles.load("https://sudokupad.app/fpuzzles" + data.replace("//", "/")) == load_fpuzzles(data)
    rng = random.Random(39)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+"
    payload = list("".join(rng.choice(alphabet) for _ in range(100_000)))
    for i in rng.sample(range(len(payload)), 12):
        payload[i] = "/"
    calls = []
    real = puzzlesat.formats.fpuzzles.link._decompress
    monkeypatch.setattr(puzzlesat.formats.fpuzzles.link, "_decompress", lambda d: calls.append(len(d)) or real(d))
    with pytest.raises(FileFormatError, match=r"^SudokuPad \(scl\): the data (does not decompress|decompresses to no)"):
        puzzles.load("https://sudokupad.app/scl" + "".join(payload))
    assert sum(calls) <= sudokupad.REPAIR_BUDGET + 3 * len(payload), len(calls)


def test_solve_takes_a_sudokupad_link(cli) -> None:
    r = cli("solve", "https://sudokupad.app/classic" + HARD, "--json")
    assert r.code == 0 and "".join(map(str, r.json()["solutions"][0]["values"])) == HARD_SOLUTION


# --- convert --to ---------------------------------------------------------------------------------

FITS = {"anti-knight-sudoku", "arrow-sudoku", "futoshiki", "jigsaw-sudoku", "killer-sudoku", "kropki-sudoku", "sudoku",
        "thermo-sudoku", "windoku", "x-sudoku", "xv-sudoku"}  # fmt: skip


@pytest.mark.parametrize("to", ["fpuzzles", "sudokupad"])
def test_every_catalog_grid_puzzle_that_fits_round_trips(to: str) -> None:
    """Each fitting catalog puzzle's link loads back to the same cells, values and core; the others
    are refused, naming why."""
    done, refused = set(), {}
    for name in names():
        p = puzzles.load(name)
        try:
            out = puzzlesat.convert_puzzle(p, None, to)
        except UsageError as e:
            refused[name] = str(e)
            continue
        assert same_puzzle(puzzles.load(out.text.strip()), p)
        done.add(name)
    assert done == FITS
    assert refused["kakuro"].endswith("square latin grids (rows and columns all different, no blocked squares)")
    assert refused["kenken"].endswith(
        "a sum cage whose digits may repeat has no f-puzzles form (killer cages' digits differ)"
    )
    assert refused["magic-star"].endswith("f-puzzles holds square grids, and its cells form no grid")


def test_a_link_out_has_the_same_solutions() -> None:
    for name in ("thermo-sudoku", "arrow-sudoku", "kropki-sudoku"):
        p = puzzles.load(name)
        link = puzzlesat.convert_puzzle(p, None, "sudokupad").text.strip()
        assert link.startswith("https://sudokupad.app/fpuzzlesN4Ig")
        assert values(puzzles.load(link)) == values(p) and len(values(p)) == 1


def test_every_fpuzzles_fixture_round_trips_but_the_2x2() -> None:
    """The documents of test_fpuzzles, written back out and read in: the same puzzle, except a 2x2
    grid (f-puzzles' editor makes 3x3 to 16x16)."""
    docs = {**{k: v[0] for k, v in MODELS.items()}, **{k: blank(6, v[1], **v[0]) for k, v in INSTANCES.items()}}
    refused = []
    for name, doc in docs.items():
        p = load_fpuzzles(pack(doc))
        for to in ("fpuzzles", "sudokupad"):
            try:
                out = puzzlesat.convert_puzzle(p, None, to)
            except UsageError:
                refused.append((name, to))
                continue
            assert same_puzzle(puzzles.load(out.text.strip()), p), (name, to)
    assert refused == [("a cage without a sum over the whole grid", t) for t in ("fpuzzles", "sudokupad")]


def test_sdk_out_is_a_plain_9x9_sudoku(cli, tmp_path: Path) -> None:
    path = tmp_path / "hard.sdk"
    r = cli("convert", HARD, "--to", "sdk", "-o", str(path))
    assert r.code == 0 and puzzles.load(str(path)) == puzzles.load(HARD)
    assert path.read_text(encoding="utf-8").splitlines()[1:3] == ["4.....8.5", ".3......."]
    for ref, args in (("x-sudoku", ()), ("sudoku", ("-p", "box=2")), (sukaku(HARD), ())):
        message = one_line_error(cli("convert", ref, *args, "--to", "sdk"))
        assert message.endswith("cannot be written as sdk: a .sdk file holds a plain 9x9 sudoku with givens, "
                                "and this puzzle has more rules")  # fmt: skip


def test_convert_to_on_the_command_line(cli) -> None:
    r = cli("convert", "thermo-sudoku", "--to", "fpuzzles")
    assert r.code == 0 and r.err == "" and len(r.out.splitlines()) == 1
    assert r.out.startswith("https://www.f-puzzles.com/?load=N4Ig")
    doc = cli("convert", "thermo-sudoku", "--to", "sudokupad", "--json").json()
    assert doc["format"] == "sudokupad" and doc["link"].startswith("https://sudokupad.app/fpuzzles")
    assert cli("solve", doc["link"], "--json").json()["count"] == 1
    assert one_line_error(cli("convert", "magic-star", "--to", "sudokupad")) == (
        "convert: magic-star cannot be written as a SudokuPad link (f-puzzles data): "
        "f-puzzles holds square grids, and its cells form no grid"
    )
    assert one_line_error(cli("convert", "sudoku", "--to", "png")) == (
        "--to: unknown format 'png'; the formats are toml, fpuzzles, sudokupad, sdk"
    )


def converted() -> dict[str, str]:
    lines = (ROOT / "tests" / "data" / "sudokupad-converted.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split() for line in lines if line and not line.startswith("#"))


def test_sudokupads_own_conversion_of_our_links_reads_back() -> None:
    """SudokuPad turned our f-puzzles links into its drawings (bulbs, arrows, cages, shaded extra
    regions, diagonal lines): each reads back as the catalog puzzle. Kropki and XV lose their
    negative constraint, which SudokuPad keeps only in the rules text: every dot, no negative."""
    links = converted()
    same = {name for name, link in links.items() if same_puzzle(puzzles.load(link), puzzles.load(name))}
    assert same == set(links) - {"kropki-sudoku", "xv-sudoku"}
    for name in ("kropki-sudoku", "xv-sudoku"):
        p, original = puzzles.load(links[name]), puzzles.load(name)
        assert [r.key for r in p.rules] == [r.key for r in original.rules if r.key != "negative"]
