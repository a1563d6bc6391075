"""Alphabetical order by a named collation, written from the languages' alphabets."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from trfkit.cli import main
from trfkit.compute.collation import Collation, sorted_names

# Norwegian and Danish alphabets end … X Y Z Æ Ø Å; Swedish … X Y Z Å Ä Ö.
NORDIC = ["Aune", "Olsen", "Yri", "Zahl", "Ærø", "Ødegård", "Åsheim"]
SWEDISH = ["Andersson", "Zetterberg", "Åberg", "Älmhult", "Öberg", "Östlund"]


def _shuffled(names: list[str], seed: int = 7) -> list[str]:
    mixed = list(names)
    random.Random(seed).shuffle(mixed)
    return mixed


@pytest.mark.parametrize("collation", [Collation.NB, Collation.DA])
def test_norwegian_and_danish_put_ae_oe_aa_after_z(collation: Collation) -> None:
    """Norwegian and Danish: … Y Z Æ Ø Å (Æ before Ø before Å, all after Z)."""
    assert list(sorted_names(_shuffled(NORDIC), collation)) == NORDIC


def test_swedish_puts_aa_ae_oe_after_z() -> None:
    """sv: … Z Å Ä Ö."""
    assert list(sorted_names(_shuffled(SWEDISH), Collation.SV)) == SWEDISH


def test_swedish_reads_danish_letters_as_its_own() -> None:
    """sv: Æ sorts as Ä and Ø as Ö (Ängel < Ærø by n < r; Öberg < Ørsted by b < r)."""
    names = ["Ørsted", "Öberg", "Ærø", "Ängel", "Zorn"]
    assert list(sorted_names(names, Collation.SV)) == ["Zorn", "Ängel", "Ærø", "Öberg", "Ørsted"]


def test_norwegian_reads_swedish_letters_as_its_own() -> None:
    """nb: Ä sorts as Æ and Ö as Ø, after the letter itself when the rest is equal."""
    names = ["Öst", "Ärø", "Ærø", "Øst", "Zorn"]
    assert list(sorted_names(names, Collation.NB)) == ["Zorn", "Ærø", "Ärø", "Øst", "Öst"]


@pytest.mark.parametrize("collation", [Collation.NB, Collation.DA])
def test_double_a_is_aa(collation: Collation) -> None:
    """nb, da: a double aa is å (Aarhus after Åbenrå, b < r; both after Ø)."""
    names = ["Aarhus", "Åbenrå", "Øster", "Ahl"]
    assert list(sorted_names(names, collation)) == ["Ahl", "Øster", "Åbenrå", "Aarhus"]


def test_german_sorts_umlauts_with_their_base_letters() -> None:
    """German (DIN 5007-1): Ä as A, Ö as O, Ü as U; Mueller (e) before Müller (l)."""
    names = ["Zimmer", "Öhler", "Müller", "Ärzte", "Abel", "Ober", "Mueller"]
    expected = ["Abel", "Ärzte", "Mueller", "Müller", "Ober", "Öhler", "Zimmer"]
    assert list(sorted_names(names, Collation.DE)) == expected


@pytest.mark.parametrize("collation", [Collation.ROOT, Collation.DE, Collation.NB])
def test_accents_sort_with_the_letter(collation: Collation) -> None:
    """é sorts with e (Éric between Eklund and Ezra); same letters: first accent from the left."""
    # Erić and Éric have the letters e r i c: at the first letter, E comes before É
    names = ["Ezra", "Éric", "Edberg", "Eklund", "Ekström", "Erić"]
    expected = ["Edberg", "Eklund", "Ekström", "Erić", "Éric", "Ezra"]
    assert list(sorted_names(names, collation)) == expected
    assert list(sorted_names(["Élan", "Elan"], collation)) == ["Elan", "Élan"]


def test_case_is_the_last_difference() -> None:
    """Case decides only between equal letters: lower first (root), upper first (da)."""
    names = ["eklund", "Eklund", "Ekdal", "ekman"]
    assert list(sorted_names(names, Collation.ROOT)) == ["Ekdal", "eklund", "Eklund", "ekman"]
    assert list(sorted_names(names, Collation.DA)) == ["Ekdal", "Eklund", "eklund", "ekman"]


def test_root_sorts_o_with_stroke_as_o() -> None:
    """root: Ø is O with a stroke (Ødegård < Olsen < Oz), Å is A with a ring."""
    names = ["Oz", "Olsen", "Ødegård", "Åsheim", "Bø"]
    assert list(sorted_names(names, Collation.ROOT)) == ["Åsheim", "Bø", "Ødegård", "Olsen", "Oz"]


def test_codepoint_is_the_order_before_collations() -> None:
    """codepoint: casefold by code point (å U+E5 < é U+E9 < ø U+F8, all after z)."""
    names = ["Ødegård", "Éric", "Åsheim", "Zeta"]
    assert list(sorted_names(names, Collation.CODEPOINT)) == ["Zeta", "Åsheim", "Éric", "Ødegård"]


def test_draw_orders_the_players_by_the_collation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``draw --collation nb``: the players draw in Norwegian order and the record says so."""
    path = tmp_path / "n.txt"
    path.write_text("\n".join(_shuffled(NORDIC)) + "\n", encoding="utf-8")
    assert main(["draw", str(path), "--seed", "1", "--collation", "nb", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["collation"] == "nb"
    assert [d["name"] for d in doc["drawing"]] == NORDIC
    assert main(["draw", str(path), "--seed", "1", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["collation"] == "root"
    # root: Æ is a, e (aero < asheim < aune), Å is A, Ø is O
    assert [d["name"] for d in doc["drawing"]] == [
        "Ærø", "Åsheim", "Aune", "Ødegård", "Olsen", "Yri", "Zahl"
    ]  # fmt: skip
