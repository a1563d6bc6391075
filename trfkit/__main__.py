"""``python -m trfkit``: the command line."""

from trfkit.cli import entry

entry()
