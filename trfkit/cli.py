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

COMMANDS: tuple[tuple[str, str], ...] = (
    ("check", "check TRF files: parse, schedule, points, ranks and tie-breaks"),
    ("convert", "write a TRF file back, or convert it (TRF16, TRF-2026, JSON, CSV)"),
    ("show", "print a TRF file's header, players and crosstable"),
    ("berger", "print the FIDE Berger table for N players"),
    ("standings", "recompute the standings and tie-breaks of a TRF file"),
    ("rules", "list every diagnostic code"),
    ("explain", "print the documentation of one diagnostic code"),
)
"""Sub-command name and one-line help, in the order ``--help`` shows them."""

EPILOG = """\
exit codes: 0 no error (warnings allowed), 1 errors found (or warnings with --strict),
2 usage error or unreadable input. 'trfkit COMMAND --help' describes each command."""


def build_parser(only: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with every sub-command.

    Args:
        only: Build the options of these sub-commands only (the others are listed
            with their one-line help but their modules are not imported); all of
            them when ``None``. :func:`main` builds just the one the command line
            names, so ``trfkit check`` does not import the converter.
    """
    import argparse
    import importlib

    parser = argparse.ArgumentParser(
        prog="trfkit",
        description="Read, write, convert and check FIDE Tournament Report Files.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"trfkit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS:
        if only is not None and name not in only:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    _tolerant_streams()
    if _quick_version(args_list):
        return 0
    parser = build_parser(only=_chosen(args_list))
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int) else 2
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        sys.stderr.write("trfkit: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


def entry() -> None:
    """Console-script entry point."""
    sys.exit(main())
