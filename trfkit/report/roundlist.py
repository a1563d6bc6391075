"""A round list with names: every round's games of a Berger schedule, as text, JSON or HTML.

The games are the table's (:class:`trfkit.compute.berger.Plan`, made a round at a time),
the names those drawn for the start numbers (``trfkit draw --schedule``). Board numbers
follow the table's board order; in an odd field the game against the vacant number is no
board: that player has the bye. Every name is escaped (:func:`trfkit.untrusted.printable`
for text, and :func:`html.escape` too for HTML); the HTML page is self-contained (no script,
no link) and prints one round a page.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from trfkit.untrusted import printable

if TYPE_CHECKING:
    from trfkit.compute.berger import BergerRound, Plan

__all__ = ["as_json", "html_page", "text_lines"]


def _cycles(plan: Plan) -> str:
    return {1: "single", 2: "double"}.get(plan.cycles, f"{plan.cycles}-cycle")


def title(plan: Plan) -> str:
    """What the list is: players, cycles, rounds and round order."""
    return (
        f"Round list: {plan.players} players, {_cycles(plan)} round robin, "
        f"{plan.round_count} rounds, {plan.order.describe(plan.size - 1)}"
    )


def _side(number: int, names: Sequence[str]) -> dict[str, object]:
    return {"number": number, "name": names[number - 1]}


def round_json(r: BergerRound, names: Sequence[str]) -> dict[str, object]:
    """One round: its games by board, White and Black with number and name, and the bye."""
    return {
        "round": r.number,
        "cycle": r.cycle,
        "table_round": r.table_round,
        "games": [
            {"board": board, "white": _side(w, names), "black": _side(b, names)}
            for board, (w, b) in enumerate(r.pairings, 1)
        ],
        "bye": None if r.bye is None else _side(r.bye, names),
    }


def as_json(plan: Plan, names: Sequence[str]) -> dict[str, object]:
    """The round list: cycles, round order and every round (:func:`round_json`)."""
    return {
        "players": plan.players,
        "cycles": plan.cycles,
        "round_order": plan.order.name,
        "rounds": [round_json(r, names) for r in plan.iter_rounds()],
    }


def text_lines(plan: Plan, names: Sequence[str]) -> Iterator[str]:
    """The round list as text lines, each with its newline (names escaped)."""
    shown = [printable(n) for n in names]
    digits = len(str(plan.players))
    labels = [f"{n:>{digits}} {shown[n - 1]}" for n in range(1, plan.players + 1)]
    width = max(len(label) for label in labels)
    yield title(plan) + "\n"
    for r in plan.iter_rounds():
        yield "\n"
        yield f"Round {r.number}\n"
        yield f"{'Board':>5}  {'White':<{width}}     Black\n".rstrip() + "\n"
        for board, (w, b) in enumerate(r.pairings, 1):
            yield f"{board:>5}  {labels[w - 1]:<{width}}  –  {labels[b - 1]}\n"
        if r.bye is not None:
            yield f"  Bye: {labels[r.bye - 1].strip()}\n"


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.1em; font-weight: normal; }
section.round { break-after: page; page-break-after: always; margin-bottom: 2em; }
section.round:last-of-type { break-after: auto; page-break-after: auto; }
table { border-collapse: collapse; table-layout: fixed; width: 100%; max-width: 50em; }
th:nth-child(1), th:nth-child(2), th:nth-child(4) { width: 4em; }
th:nth-child(6) { width: 6em; }
th, td { border: 1px solid #888; padding: 0.35em 0.7em; text-align: left; }
td.board, td.num { text-align: right; font-variant-numeric: tabular-nums; }
th.black, td.black { background: #e4e4e4; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
td.result { min-width: 5em; }
p.bye { font-style: italic; }
@media print { body { margin: 0; } }
"""


def html_page(plan: Plan, names: Sequence[str], heading: str = "") -> str:
    """A printable, self-contained HTML page: one section (one printed page) per round."""
    esc = [html.escape(printable(n)) for n in names]
    head = html.escape(printable(heading)) if heading else html.escape(title(plan))
    parts = [
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        f"<title>{head}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n",
    ]
    for r in plan.iter_rounds():
        parts.append(f'<section class="round" id="round-{r.number}">\n<h1>{head}</h1>\n')
        parts.append(f"<h2>Round {r.number}</h2>\n<table>\n<thead><tr>")
        parts.append(
            '<th>Board</th><th class="num">No.</th><th class="white">White \u25cb</th>'
            '<th class="num">No.</th><th class="black">Black \u25cf</th><th>Result</th>'
            "</tr></thead>\n<tbody>\n"
        )
        for board, (w, b) in enumerate(r.pairings, 1):
            parts.append(
                f'<tr><td class="board">{board}</td><td class="num">{w}</td>'
                f'<td class="white">{esc[w - 1]}</td><td class="num">{b}</td>'
                f'<td class="black">{esc[b - 1]}</td><td class="result"></td></tr>\n'
            )
        parts.append("</tbody>\n</table>\n")
        if r.bye is not None:
            parts.append(f'<p class="bye">Bye: {r.bye} {esc[r.bye - 1]}</p>\n')
        parts.append("</section>\n")
    parts.append("</body>\n</html>\n")
    return "".join(parts)
