"""Recompute the standings and tie-breaks of a TRF file."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("file", help="the TRF file")


def run(args: argparse.Namespace) -> int:
    """Not built yet."""
    raise NotImplementedError
