"""The card counts the README and docs state are the registry's: each phrase
below is found and its numbers computed, so a card added without its docs
fails here (the lead updates the numbers at a merge)."""
import re
from pathlib import Path

import pytest

from simulator.engine import cards as C
from simulator.engine.kingdom import KINGDOM_SIZE, drawn_pool

ROOT = Path(__file__).resolve().parents[1]


# cards by name: a card printed twice (Treasury's first printing) is one card
def _count(set_: str) -> int:
    return sum(1 for c in C.card_pool() if C.TABLE[c].set == set_)


KINGDOM = len(C.card_pool())
BASE = _count("base") + _count("promo")     # the base game's, with its promos
INTRIGUE = _count("intrigue")
SEASIDE = _count("seaside")

# (file, pattern with one group per number, the numbers it must state)
PHRASES = [
    ("README.md", r"Intrigue's (\d+) cards and Seaside's (\d+)",
     (INTRIGUE, SEASIDE)),
    ("docs/strategies.md", r"what each of the (\d+) kingdom cards", (KINGDOM,)),
    ("docs/strategies.md", r"Black Market, Intrigue's (\d+), and Seaside's (\d+)\) does",
     (INTRIGUE, SEASIDE)),
    ("docs/strategies.md", r"Any of the (\d+) cards \((\d+) base cards and (\d+) kingdom cards\)",
     (len(C.BASE_CARDS) + KINGDOM, len(C.BASE_CARDS), KINGDOM)),
    ("docs/strategies.md", r"bot for each of the (\d+) kingdom cards \(the base game's (\d+), "
                           r"Intrigue's (\d+) and Seaside's (\d+)\)",
     (KINGDOM, BASE, INTRIGUE, SEASIDE)),
    # bm-black-market's deck in its default kingdom: the drawn pool less the supply
    ("docs/strategies.md", r"that deck: the (\d+) kingdom cards\s+outside the supply",
     (len(drawn_pool()) - KINGDOM_SIZE,)),
]


@pytest.mark.parametrize("path,pattern,numbers", PHRASES,
                         ids=[p[1][:40] for p in PHRASES])
def test_the_docs_state_the_registry_s_counts(path, pattern, numbers):
    text = (ROOT / path).read_text(encoding="utf-8")
    found = re.search(pattern, text)
    assert found, f"{path} no longer says {pattern!r}: update this test with the docs"
    assert tuple(int(g) for g in found.groups()) == numbers, (
        f"{path}: {found.group(0)!r} should say {numbers} (the card registry's counts)")
