"""Print the FIDE Berger table (C.05 Annex 1) for N players."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("players", type=int, metavar="N", help="number of players (at least 3)")


def run(args: argparse.Namespace) -> int:
    """Not built yet."""
    raise NotImplementedError
