"""Which kingdom cards a game's supply holds.

A kingdom is always 10 kingdom cards: a shorter list is filled with cards
nobody in the game buys, so that "three empty piles" endings stay as likely
as in a real game.  The filler is the first unused cards of the card table,
so the same request always gives the same supply.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from . import cards as C

KINGDOM_SIZE = 10


def parse_kingdom(spec: str | Iterable[str] | None) -> list[int]:
    """Card ids of a kingdom given as names or one comma-separated string."""
    if spec is None:
        return []
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    ids: list[int] = []
    for name in (n.strip() for n in names):
        if not name:
            continue
        c = C.card_id(name)
        if c not in C.KINGDOM_CARDS:
            raise ValueError(f"{C.NAMES[c]} is a base card, always in the supply; "
                             "list only kingdom cards")
        if c in ids:
            raise ValueError(f"{C.NAMES[c]} is named twice in the kingdom")
        ids.append(c)
    if len(ids) > KINGDOM_SIZE:
        raise ValueError(f"a kingdom has {KINGDOM_SIZE} cards, {len(ids)} were given")
    return ids


def complete_kingdom(chosen: Iterable[int], needed: Iterable[int] = ()) -> list[int]:
    """The chosen cards plus the cards strategies need, filled up to 10."""
    cards = list(dict.fromkeys([*chosen, *needed]))
    if len(cards) > KINGDOM_SIZE:
        names = ", ".join(C.NAMES[c] for c in cards)
        raise ValueError(f"the strategies and kingdom need {len(cards)} kingdom cards "
                         f"({names}); a kingdom holds {KINGDOM_SIZE}")
    for c in C.KINGDOM_CARDS:
        if len(cards) == KINGDOM_SIZE:
            break
        if c not in cards:
            cards.append(c)
    return cards


def supply_mask(kingdom: Iterable[int]) -> np.ndarray:
    """int32[NCARDS]: 1 for every pile in the supply (base cards always)."""
    mask = np.zeros(C.NCARDS, dtype=np.int32)
    mask[list(C.BASE_CARDS)] = 1
    mask[list(kingdom)] = 1
    return mask
