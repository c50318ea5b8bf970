"""The one place that touches typer's private vendored click (`typer._click`).

typer 0.28 vendors click as `typer._click` and exports no public name for the exception a command
with `no_args_is_help` raises when run bare (click's `NoArgsIsHelpError`); `typer.TyperException`,
its public base, also covers real usage errors. Every other exception the CLI handles is public
(`typer.Exit`, `typer.Abort`, `typer.TyperException`). When typer exports the class, or click
becomes a public dependency again, only this function changes.
"""

from __future__ import annotations


def is_help_request(error: BaseException) -> bool:
    """True if `error` is a bare command asking for its help (shown on stdout, exit 0), not a usage error."""
    from typer._click.exceptions import NoArgsIsHelpError

    return isinstance(error, NoArgsIsHelpError)
