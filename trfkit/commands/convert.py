"""Write a TRF file back, or convert it.

Without options the input is written back losslessly: byte for byte as read.
The output is written to a temporary file and renamed, and the command never
writes over its input.
"""

from __future__ import annotations

import argparse
import sys

from trfkit.commands import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("input", metavar="INPUT", help="the TRF file ('-' for stdin)")
    parser.add_argument(
        "-o", "--output", metavar="OUTPUT", default="-", help="where to write ('-' for stdout)"
    )
    parser.add_argument(
        "--output-encoding", metavar="E", help="write with this codec (default: the input's)"
    )
    common.add_reading_options(parser)


def run(args: argparse.Namespace) -> int:
    """Read, then write."""
    from trfkit.api import dump_bytes, parse
    from trfkit.audit import read_bytes
    from trfkit.errors import WriteError
    from trfkit.fileio import same_file, write_atomic

    if args.input == "-":
        data: bytes | str = sys.stdin.buffer.read()
    else:
        data = read_bytes(args.input, common.limits(args))
    if isinstance(data, str):
        sys.stderr.write(f"trfkit convert: {data}\n")
        return 2
    result = parse(data, encoding=args.encoding, limits=common.limits(args))
    fatal = [d for d in result.diagnostics if d.code in ("P001", "P010")]
    if fatal:
        sys.stderr.write(f"trfkit convert: {args.input}: {fatal[0].message}\n")
        return 2
    try:
        out = dump_bytes(result.tournament, encoding=args.output_encoding)
    except WriteError as exc:
        sys.stderr.write(f"trfkit convert: {exc}\n")
        return 2
    if args.output == "-":
        sys.stdout.buffer.write(out)
        sys.stdout.buffer.flush()
        return 0
    if args.input != "-" and same_file(args.input, args.output):
        sys.stderr.write(
            f"trfkit convert: {args.output} is the input file; trfkit never writes over its input\n"
        )
        return 2
    try:
        write_atomic(args.output, out)
    except OSError as exc:
        sys.stderr.write(f"trfkit convert: cannot write {args.output}: {exc.strerror or exc}\n")
        return 2
    return 0
