"""Other programs' readers: the model that answers for each :class:`~trfkit.readers.Reader`.

``check --readers`` reports every finding of a model; ``convert --for`` refuses to write
an output its reader would refuse (the findings of the model's refusing rules).
"""

from __future__ import annotations

from collections.abc import Callable

from trfkit.model import Tournament
from trfkit.readers import Finding, Reader
from trfkit.trf import bbppairings, gacrux

__all__ = ["findings", "refusals"]

_MODELS: dict[Reader, tuple[Callable[[Tournament], tuple[Finding, ...]], frozenset[str]]] = {
    Reader.BBPPAIRINGS: (bbppairings.findings, bbppairings.REFUSALS),
    Reader.GACRUX: (gacrux.findings, gacrux.REFUSALS),
}


def findings(tournament: Tournament, reader: Reader) -> tuple[Finding, ...]:
    """Every finding of *reader*'s model in *tournament*: refusals and other readings."""
    return _MODELS[reader][0](tournament)


def refusals(tournament: Tournament, reader: Reader) -> tuple[Finding, ...]:
    """The findings that mean *reader* refuses *tournament* (an exit status other than 0)."""
    refusing = _MODELS[reader][1]
    return tuple(f for f in findings(tournament, reader) if f.rule in refusing)
