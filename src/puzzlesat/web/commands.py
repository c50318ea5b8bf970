"""The JSON API mirrors the CLI: a request body becomes the command line of `puzzlesat COMMAND
... --json`, each option read off the CLI's own click commands (its type, its help).

Which options a request may give is one explicit table (`ALLOWED`): an option the CLI gains later
is refused until someone adds it there, having asked whether it names a file, runs a program or
reaches another host. Body keys are the long option names with `-` written `_` ("max_steps"), the
positional arguments by their names ("puzzle", "kind"). The puzzle itself is a catalog name or
pasted content, which the worker hands to the CLI on standard input, never as a path.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.words import unknown
from puzzlesat.web.body import shown

if TYPE_CHECKING:  # typer's own click: its classes only name the types here
    import click

# What every command that reads a puzzle takes, and the options that choose how it is solved.
_PUZZLE = ("puzzle", "param", "givens", "strict")
_SOLVING = ("backend", "encoding", "card", "pb", "solver")
# The options each command answers over the API, and nothing else: the commands the API answers are
# its keys (the file-bound dimacs and decode are the CLI's only).
ALLOWED: dict[str, tuple[str, ...]] = {
    "solve": (*_PUZZLE, *_SOLVING, "timeout", "all", "limit", "no_symmetry", "symmetry", "symmetry_breaking"),
    "check": (*_PUZZLE, *_SOLVING, "timeout", "symmetry", "modulo_symmetry"),
    "candidates": (*_PUZZLE, *_SOLVING, "timeout", "counts"),
    "hint": (*_PUZZLE, "timeout", "state", "marks"),
    "explain": (*_PUZZLE, "timeout", "state", "marks", "boards", "max_steps"),
    "grade": (*_PUZZLE, "timeout"),
    "count": (*_PUZZLE, *_SOLVING, "timeout", "method", "no_symmetry", "symmetry"),
    "clues": (*_PUZZLE, *_SOLVING, "timeout"),
    "convert": (*_PUZZLE, "to"),
    "generate": ("kind", "param", "seed", "difficulty"),
    "show": _PUZZLE,
    "symmetry": _PUZZLE,
    "compare": (*_PUZZLE, "encoding", "card", "pb", "solver", "timeout", "all", "no_symmetry", "repeat"),
    "list": (),
}
COMMANDS = tuple(ALLOWED)
# Why an option the CLI has is not taken, where a reason is worth a line; any other is refused too.
REFUSED: dict[str, str] = {
    "output": "the server writes no files; the answer is the response",
    "svg": "the server writes no files; POST /api/board draws the board",
    "givens_file": "the server reads no files; send the givens as 'givens'",
    "solver_cmd": "the server runs no programs a request names",
    "scheduler": "the server connects to no other host",
    "workers": "the server's own pool bounds the work (serve --workers)",
    "plot": "the server writes no files",
    "csv": "the answer is the JSON document",
    "jsonl": "the answer is the JSON document",
    "json": "the answer is always the JSON document",
    "force": "the server writes no files",
    "list": "the listing is text: GET /openapi.json lists what each command takes",
}
OTHERWISE = "the server takes only the options /openapi.json lists"
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # a catalog name (src/puzzlesat/catalog/load.py's rule)


@dataclass(frozen=True)
class Job:
    """One command line for a worker: argv without the program name, its standard input, and the
    seconds the whole run may take (`limit`) before the server asks it to stop; `stops_itself`
    when that limit is the command's own --timeout (it stops there by itself, keeping its results)."""

    command: str
    argv: tuple[str, ...]
    stdin: str
    limit: float
    stops_itself: bool = False


def _positional(param: click.Parameter) -> bool:
    """An argument (typer vendors its own click, so the class is not click's: ask the parameter)."""
    return getattr(param, "param_type_name", "") == "argument"


def key(param: click.Parameter) -> str:
    """The body key of a parameter: its long option name, `-` as `_`; an argument's own name."""
    if _positional(param):
        return str(param.name)
    longs = [o for o in param.opts if o.startswith("--")]
    return (longs[0] if longs else param.opts[0]).lstrip("-").replace("-", "_")


def options(command: click.Command) -> dict[str, click.Parameter]:
    """The body keys a command takes (its row of `ALLOWED`), in the CLI's order."""
    allowed = ALLOWED.get(str(command.name), ())
    return {key(p): p for p in command.params if key(p) in allowed}


def job_for(group: click.Group, command: str, body: object, limit: float) -> Job:
    """The command line for a request body; every fault is one UsageError line, as the CLI's."""
    if command not in ALLOWED or command not in group.commands:
        raise UsageError(unknown("command", command, COMMANDS))
    if not isinstance(body, dict):
        raise UsageError('the request body must be a JSON object such as {"puzzle": "sudoku"}')
    cmd = group.commands[command]
    taken = options(cmd)
    has = {key(p) for p in cmd.params if p.name != "help"}
    for name in body:
        if name in taken or name == "board":
            continue
        if name in has:
            raise UsageError(f"{command}: '{name}' is not taken here: {REFUSED.get(name, OTHERWISE)}")
        raise UsageError(f"{command}: {unknown('option', str(name), list(taken))}")
    board = body.get("board")
    if board is not None and not isinstance(board, str):
        raise UsageError(f"{command}: 'board' must be a string (the page's board id), not {shown(board)}")
    argv: list[str] = [command]
    stdin = ""
    for name, param in taken.items():
        if name == "timeout":  # set below: never past the server's limit
            continue
        if name not in body or body[name] is None:
            if _positional(param) and param.required:
                raise UsageError(f"{command}: '{name}' is missing")
            continue
        value = body[name]
        if _positional(param):
            ref, stdin = puzzle_ref(name, value)
            argv.append(ref)
        else:
            argv += _flag(command, name, param, value)
    if "timeout" not in taken:
        return Job(command, (*argv, "--json"), stdin, limit)
    asked = body.get("timeout")
    timeout = limit
    if asked is not None:
        if isinstance(asked, bool) or not isinstance(asked, int | float) or not math.isfinite(asked):
            raise UsageError(f"{command}: 'timeout' must be a number of seconds")
        timeout = min(limit, float(asked))
    if command == "compare":  # seconds per configuration (the CLI's default, 60); the run has the server's limit
        if asked is None:
            from puzzlesat.search.compare import DEFAULT_TIMEOUT

            timeout = min(limit, DEFAULT_TIMEOUT)
        return Job(command, (*argv, "--timeout", _number(timeout), "--json"), stdin, limit)
    return Job(command, (*argv, "--timeout", _number(timeout), "--json"), stdin, timeout, stops_itself=True)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def puzzle_ref(name: str, value: object) -> tuple[str, str]:
    """(the argument, standard input): a catalog name as itself, anything else pasted on stdin."""
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"'{name}' must be a catalog name, a link, a classic line or a puzzle file's text")
    text = value.strip()
    if name == "kind" or _NAME.fullmatch(text):
        if not _NAME.fullmatch(text):
            raise UsageError(f"'{name}' must be a catalog name such as sudoku")
        return text, ""
    return "-", value


def _flag(command: str, name: str, param: click.Parameter, value: object) -> list[str]:
    """The option's words on the command line, checked against its type as JSON sees it."""
    flag = next(o for o in param.opts if o.startswith("--"))
    if getattr(param, "is_flag", False):
        if not isinstance(value, bool):
            raise UsageError(f"{command}: '{name}' must be true or false")
        return [flag] if value else []
    if name == "param" and isinstance(value, Mapping):  # {"box": 2} as well as ["box=2"]
        for k, v in value.items():
            if isinstance(v, bool) or not isinstance(v, str | int | float):
                raise UsageError(f"{command}: param {k} must be a string or a number, not {shown(v)}")
        value = [f"{k}={v}" for k, v in value.items()]
    if isinstance(value, list) and not param.multiple:
        raise UsageError(f"{command}: '{name}' takes one value")
    items = value if isinstance(value, list) else [value]
    out: list[str] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, str | int | float):
            raise UsageError(f"{command}: '{name}' must be {_kind(param)}")
        out += [flag, str(item)]
    return out


def _kind(param: click.Parameter) -> str:
    return {"integer": "a whole number", "float": "a number"}.get(_json_type(param), "a string")


def _json_type(param: click.Parameter) -> str:
    """The JSON Schema type of one value of the parameter."""
    if getattr(param, "is_flag", False):
        return "boolean"
    name = getattr(param.type, "name", "")
    if "int" in name:
        return "integer"
    if "float" in name:
        return "number"
    return "string"


def schema(command: click.Command) -> dict[str, object]:
    """The JSON Schema of a command's request body, from its click parameters and their help."""
    properties: dict[str, object] = {}
    required = []
    for name, param in options(command).items():
        one: dict[str, object] = {"type": _json_type(param)}
        if _positional(param):
            one["description"] = "A catalog name, an f-puzzles or SudokuPad link, a classic line or a TOML file's text."
            if param.required:
                required.append(name)
        else:
            one["description"] = getattr(param, "help", None) or ""
        if param.multiple:
            one = {"type": "array", "items": {"type": one["type"]}, "description": one["description"]}
        if name == "param":
            one = {
                "description": 'Catalog parameters: {"box": 2} or ["box=2"].',
                "oneOf": [{"type": "object"}, {"type": "array", "items": {"type": "string"}}],
            }
        properties[name] = one
    properties["board"] = {
        "type": "string",
        "description": "The page's board id: a new request on the same board cancels the one still running.",
    }
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
