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

# The recommended sets of the official rules (seeds/000_...).
RECOMMENDED: dict[str, tuple[str, ...]] = {
    "First Game": ("Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel",
                   "Smithy", "Village", "Workshop"),
    "Size Distortion": ("Artisan", "Bandit", "Bureaucrat", "Chapel", "Festival", "Gardens",
                        "Sentry", "Throne Room", "Witch", "Workshop"),
    "Deck Top": ("Artisan", "Bureaucrat", "Council Room", "Festival", "Harbinger",
                 "Laboratory", "Moneylender", "Sentry", "Vassal", "Village"),
    "Sleight of Hand": ("Cellar", "Council Room", "Festival", "Gardens", "Library",
                        "Harbinger", "Militia", "Poacher", "Smithy", "Throne Room"),
    "Improvements": ("Artisan", "Cellar", "Market", "Merchant", "Mine", "Moat",
                     "Moneylender", "Poacher", "Remodel", "Witch"),
    "Silver & Gold": ("Bandit", "Bureaucrat", "Chapel", "Harbinger", "Laboratory",
                      "Merchant", "Mine", "Moneylender", "Throne Room", "Vassal"),
}
RANDOM = "random"


def _set_key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


_SETS = {_set_key(k): k for k in RECOMMENDED}


def _random_order(seed: int) -> list[int]:
    rng = np.random.default_rng([seed, 0x6B696E67])
    return [int(c) for c in rng.permutation(C.KINGDOM_CARDS)]


def random_kingdom(seed: int, needed: Iterable[int] = ()) -> list[int]:
    """The needed cards plus cards drawn from the seed, 10 in all."""
    return complete_kingdom([], needed, filler=_random_order(seed))


def resolve_kingdom(spec, needed: Iterable[int] = (), seed: int = 0,
                    wanted: Iterable[int] = ()) -> list[int]:
    """The 10 kingdom cards of a game: the spec (see ``parse_kingdom``), the
    cards the strategies need, then the ones they would like (their optional
    'Card?' rules) while there is room, then filler.  With no spec, or a
    random one, the wanted cards are needed."""
    needed = list(needed)
    if spec is None or (isinstance(spec, str) and _set_key(spec) == RANDOM):
        needed = list(dict.fromkeys([*needed, *wanted]))
        if spec is not None:
            return random_kingdom(seed, needed)
        return complete_kingdom([], needed)
    base = list(dict.fromkeys([*parse_kingdom(spec), *needed]))
    room = [c for c in wanted if c not in base][:max(0, KINGDOM_SIZE - len(base))]
    return complete_kingdom(base, room)


def parse_kingdom(spec: str | Iterable[str] | None, seed: int = 0) -> list[int]:
    """Card ids of a kingdom: a recommended set's name, "random" (drawn from
    ``seed``), card names, or one comma-separated string of names."""
    if spec is None:
        return []
    if isinstance(spec, str) and "," not in spec:
        key = _set_key(spec)
        if key == RANDOM:
            return random_kingdom(seed)
        if key in _SETS:
            return [C.card_id(n) for n in RECOMMENDED[_SETS[key]]]
        if not _is_card(spec):
            hint = _near_set(key) or _card_hint(spec)
            raise ValueError(f"unknown kingdom {spec!r}: give a recommended set "
                             f"({', '.join(RECOMMENDED)}), 'random', or card names "
                             f"separated by commas{hint}")
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    ids: list[int] = []
    for name in (n.strip() for n in names):
        if not name:
            raise ValueError(f"kingdom {spec!r} has an empty card name: give card "
                             "names separated by single commas, like 'Smithy,Witch'")
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


def _is_card(name: str) -> bool:
    return _card_hint(name) is None


def _card_hint(name: str) -> str | None:
    """None for a card name, else the card "did you mean" hint (maybe "")."""
    try:
        C.card_id(name)
    except C.UnknownCardError as e:
        text = str(e)
        return text[text.index(" (did"):] if " (did" in text else ""
    return None


def _near_set(key: str) -> str:
    near = C.suggest(key, _SETS)
    if not near:
        return ""
    return f" (did you mean {_SETS[near.split(chr(39))[1]]!r}?)"


def complete_kingdom(chosen: Iterable[int], needed: Iterable[int] = (),
                     filler: Iterable[int] = C.KINGDOM_CARDS) -> list[int]:
    """The chosen cards plus the cards strategies need, filled up to 10 from
    ``filler`` (by default the card table's order)."""
    cards = list(dict.fromkeys([*chosen, *needed]))
    if len(cards) > KINGDOM_SIZE:
        names = ", ".join(C.NAMES[c] for c in cards)
        raise ValueError(f"the strategies and kingdom need {len(cards)} kingdom cards "
                         f"({names}); a kingdom holds {KINGDOM_SIZE}")
    for c in filler:
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
