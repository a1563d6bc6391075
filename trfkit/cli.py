"""The ``trfkit`` command line: ``main(argv) -> int``.

Each sub-command lives in its own module of :mod:`trfkit.commands` with two
functions, ``add_arguments(parser)`` and ``run(args) -> int``. Those modules
import the parser and the checks only inside ``run``, so ``trfkit --version``
and ``--help`` start without loading them.

Exit codes: 0 no error (warnings allowed), 1 discrepancies found (or warnings
with ``--strict``), 2 usage error or unreadable input.
"""

from __future__ import annotations

import sys

from trfkit import TYPE_CHECKING, __version__

if TYPE_CHECKING:
    import argparse
    from collections.abc import Collection, Sequence
    from typing import Any, NoReturn, TextIO

    from _typeshed import SupportsWrite

COMMANDS: tuple[tuple[str, str], ...] = (
    ("check", "check TRF files: parse, schedule, points, ranks and tie-breaks"),
    ("convert", "write a TRF file back, or convert it (TRF16, TRF-2026, JSON, CSV)"),
    ("fix", "write a corrected TRF file: points, ranks, counts, dates (never a game)"),
    ("show", "print a TRF file's header, players and crosstable"),
    ("berger", "print the FIDE Berger table for N players"),
    ("draw", "draw the start numbers of a round robin by lot, from a published seed"),
    ("playoff", "the schedule of a play-off between tied players"),
    ("standings", "recompute the standings and tie-breaks of a TRF file"),
    ("rules", "list every diagnostic code"),
    ("explain", "print the documentation of one diagnostic code"),
    ("register", "list what a register of audits (check --register) holds"),
)
"""Sub-command name and one-line help, in the order ``--help`` shows them."""

EPILOG = """\
exit codes: 0 no error (warnings allowed), 1 errors found (or warnings with --strict),
2 usage error or unreadable input. 'trfkit COMMAND --help' describes each command."""


def build_parser(
    only: Collection[str] | None = None, listed: bool = True
) -> argparse.ArgumentParser:
    """The argument parser with every sub-command.

    Args:
        only: Build the options of these sub-commands only (the others are listed
            with their one-line help but their modules are not imported); all of
            them when ``None``. :func:`main` builds just the one the command line
            names, so ``trfkit check`` does not import the converter.
        listed: Whether the sub-commands left out of *only* are listed at all. Each is a
            parser of its own (about a sixth of what building ``check``'s costs);
            :func:`main` leaves them out when the command line starts with the command,
            whose parser then reads everything after it (no top-level ``--help`` can
            come first and list the commands).
    """
    import argparse
    import importlib

    class Parser(argparse.ArgumentParser):
        def print_help(self, file: SupportsWrite[str] | None = None) -> None:
            # argparse ignores a failed write (exit 0, nothing shown): let main report it
            (file or sys.stdout).write(self.format_help())

        def error(self, message: str) -> NoReturn:
            from trfkit.untrusted import printable

            super().error(printable(message))  # it may quote a value given on the command line

    parser = Parser(
        prog="trfkit",
        description="Read, write, convert and check FIDE Tournament Report Files.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"trfkit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS:
        if only is not None and name not in only:
            if listed:
                commands.add_parser(name, help=help_text)
            continue
        module = importlib.import_module(f"trfkit.commands.{name}")
        sub = commands.add_parser(
            name,
            help=help_text,
            description=(module.__doc__ or help_text).strip(),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def _chosen(argv: Sequence[str]) -> tuple[str, ...]:
    """The sub-command the command line names (its first word), if it names one."""
    names = {name for name, _ in COMMANDS}
    for word in argv:
        if not word.startswith("-"):  # the top-level options take no values
            return (word,) if word in names else ()
    return ()


def _quick_version(argv: Sequence[str]) -> bool:
    if list(argv) == ["--version"]:
        sys.stdout.write(f"trfkit {__version__}\n")
        return True
    return False


def _tolerant_streams() -> None:
    """Never crash on printing: paths that are not valid UTF-8 are shown escaped."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # not contextlib.suppress: importing contextlib (with collections and
            # functools) would cost `trfkit --version` a tenth of its start-up
            try:  # noqa: SIM105
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def _quiet_unraisable(unraisable: Any) -> None:
    """Out of memory, a generator closed while unwinding fails too: the one line says it."""
    if not isinstance(unraisable.exc_value, MemoryError):
        sys.__unraisablehook__(unraisable)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Nothing ends in a traceback: an output that cannot be written (a full disk), memory or
    recursion running out, and any other failure end with one line on stderr and exit 2
    (``TRFKIT_TRACEBACK=1`` shows the traceback of a failure instead). A pipe closed by
    its reader (``trfkit rules | head -1``) ends quietly: exit 0, or exit 2 for ``check``,
    ``convert`` and ``fix``, whose cut output is a failed run.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    _tolerant_streams()
    command = " ".join(("trfkit", *_chosen(args_list)))
    hook, sys.unraisablehook = sys.unraisablehook, _quiet_unraisable
    try:
        code = _run(args_list)
        # buffered output fails here, not after main returns: a full disk, a closed pipe
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        _say("trfkit: interrupted")
        return 130
    except BrokenPipeError:
        # as grep and ruff: a reader that stopped (``| head``) is no error to report; a
        # command whose output is the product (a check, a conversion, a fix) still fails
        _discard(sys.stdout)
        return 2 if command.split()[1:2] in (["check"], ["convert"], ["fix"]) else 0
    except OSError as exc:
        if exc.filename is None:  # writing to stdout: a full disk, an I/O error
            _discard(sys.stdout)
            _say(f"{command}: cannot write the output: {exc.strerror or exc}")
        else:
            _say(f"{command}: {exc.filename}: {exc.strerror or exc}")
        return 2
    except MemoryError:
        _say(f"{command}: out of memory: the input needs more than the process may use")
        return 2
    except RecursionError:
        _say(f"{command}: the input nests deeper than the interpreter's recursion limit")
        return 2
    except SystemError as exc:  # CPython's C code can fail so when an allocation fails
        _say(f"{command}: the interpreter failed ({exc}), as it may when memory runs out")
        return 2
    except Exception as exc:
        import os

        if os.environ.get("TRFKIT_TRACEBACK"):
            raise
        from trfkit.errors import TrfError

        if isinstance(exc, TrfError):
            _say(f"{command}: {exc}")
        else:
            _say(f"{command}: internal error ({type(exc).__name__}: {exc}); please report it")
        return 2
    finally:
        sys.unraisablehook = hook


def _run(args_list: list[str]) -> int:
    if _quick_version(args_list):
        return 0
    chosen = _chosen(args_list)
    parser = build_parser(only=chosen, listed=not chosen or args_list[0] != chosen[0])
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int) else 2
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    return int(args.run(args))


def _say(message: str) -> None:
    """Write one line to stderr, escaped; an unwritable stderr is given up silently."""
    try:
        from trfkit.untrusted import printable

        message = printable(message)
    except Exception:  # out of memory, say: the message matters more than its escaping
        pass
    try:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        _discard(sys.stderr)


def _discard(stream: TextIO | None) -> None:
    """Point a failed standard stream at the null device, so exiting does not fail again.

    The interpreter flushes stdout and stderr on exit; what stayed in a failed stream's
    buffer would raise once more there (an "Exception ignored" line and exit status 120).
    Only the process's own streams are redirected, never one a caller put in their place.
    """
    import os

    if stream is None or (stream is not sys.__stdout__ and stream is not sys.__stderr__):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())  # type: ignore[union-attr]
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def entry() -> None:
    """Console-script entry point (and ``python -m trfkit``).

    The command's output is flushed, and then, when nothing is left for the interpreter's
    own exit to do, the process ends at once (:func:`os._exit`): tearing down every module
    and object costs a small check about a twelfth of its instructions. Otherwise, and
    whenever the flush fails, it exits as usual.
    """
    code = main()
    if _nothing_left_at_exit():
        import os

        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            sys.exit(code)
        os._exit(code)
    sys.exit(code)


# Modules whose exit work os._exit would skip: worker processes to reap, temporary folders
# to remove, a database to close, coverage data to save, plugins' own atexit hooks.
_EXIT_WORK = (
    "multiprocessing", "concurrent.futures", "tempfile", "sqlite3", "coverage",
    "importlib.metadata",
)  # fmt: skip


def _nothing_left_at_exit() -> bool:
    """Whether the interpreter's exit has nothing to do but free memory.

    True when no module that registers exit work is loaded and no other thread runs.
    Files trfkit writes are closed (and renamed into place) before :func:`main` returns.
    """
    if any(name in sys.modules for name in _EXIT_WORK):
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1
