"""Which kingdom cards a game's supply holds.

A kingdom is always 10 kingdom cards: a shorter list is filled with cards
nobody in the game buys, so that "three empty piles" endings stay as likely
as in a real game.  The filler is the first unused cards of the card table,
so the same request always gives the same supply.

Random kingdoms are drawn from one edition of the chosen sets (``sets``,
``--sets``: the base set by default): the second edition's cards by default
(the base set's 26, the game this simulator plays), the first edition's
with ``edition=1`` (the base set's 25; Intrigue's 25: its 2E's 19 kept
cards and the six it removed).  Promotional cards (Envoy, Black Market) are
never drawn: they are cards one buys apart, so a game has them only when
the kingdom names them or a strategy needs them.  The same seed and pool
always draw the same kingdom.

The expansions' cards are likewise played only when named, needed or their
set is chosen: a random kingdom, the filler and the Black Market deck come
from the chosen sets (``DRAWN_SETS`` by default: the base set and the
promos), so adding a set changes no game that does not choose or name its
cards.  Named and needed cards may come from any set.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from simulator.engine import cards as C

KINGDOM_SIZE = 10

# The recommended sets of the official rules, and other named sets: each
# set's module of the card registry lists its own.
RECOMMENDED: dict[str, tuple[str, ...]] = C.RECOMMENDED
NAMED_KINGDOMS: dict[str, tuple[str, ...]] = C.NAMED_KINGDOMS
# recommended kingdoms naming a card the registry does not have yet: name -> those cards
INCOMPLETE_KINGDOMS: dict[str, tuple[str, ...]] = C.INCOMPLETE_KINGDOMS
RANDOM = "random"


def _set_key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


_SETS = {_set_key(k): k for k in [*RECOMMENDED, *NAMED_KINGDOMS]}
_SET_CARDS = {**RECOMMENDED, **NAMED_KINGDOMS}
_INCOMPLETE = {_set_key(k): k for k in INCOMPLETE_KINGDOMS}


DEFAULT_EDITION = 2            # the edition random kingdoms come from by default
DRAWN_SETS = ("base", "promo")  # where unnamed kingdom cards come from by default
# the sets --sets may choose: every set of the registry but the promos (they
# come with the base set) and the tests' cards; "test" rows are never drawn
KNOWN_SETS = tuple(s for s in C.SETS if s not in ("promo", "test"))
SET_TITLES = {"base": "base", "intrigue": "Intrigue", "seaside": "Seaside"}


def parse_sets(sets=None) -> tuple[str, ...]:
    """The sets random kingdoms, filler and the Black Market deck come from:
    None (the base set), 'base,intrigue' or a list of names, in registry
    order; ValueError names the known sets."""
    if sets is None:
        return ("base",)
    names = sets.split(",") if isinstance(sets, str) else list(sets)
    keys = [str(n).strip().casefold() for n in names]
    bad = [k for k in keys if k not in KNOWN_SETS] or ([] if keys else [""])
    if bad:
        raise ValueError(f"unknown set {bad[0]!r} (--sets): give one or more of "
                         f"{', '.join(KNOWN_SETS)} separated by commas, like "
                         "'base,intrigue'")
    return tuple(s for s in KNOWN_SETS if s in keys)


def _drawn_sets(sets) -> tuple[str, ...]:
    chosen = parse_sets(sets)
    return chosen + ("promo",) if "base" in chosen else chosen


def drawn_pool(edition: int | None = None, sets=None) -> tuple[int, ...]:
    """The kingdom cards a game may hold without naming them: the filler and
    the Black Market deck (the chosen sets' cards of an edition, or of every
    one)."""
    drawn = _drawn_sets(sets)
    return tuple(c for c in C.card_pool(edition) if C.TABLE[c].set in drawn)


def random_pool(edition: int | None = None, sets=None) -> tuple[int, ...]:
    """The cards a random kingdom is drawn from: one edition's cards of the
    chosen sets (the base set's second edition by default); never the
    promotional cards (see the module's text)."""
    return drawn_pool(DEFAULT_EDITION if edition is None else edition, sets)


def random_pool_name(edition: int | None = None, sets=None) -> str:
    """Where random kingdoms come from, for the output: 'the second-edition
    base set (26 cards)', 'the second-edition base and Intrigue sets (...)'."""
    ed = DEFAULT_EDITION if edition is None else edition
    which = {1: "first", 2: "second"}[ed]
    chosen = parse_sets(sets)
    names = " and ".join(SET_TITLES.get(s, s) for s in chosen)
    return (f"the {which}-edition {names} set{'s' * (len(chosen) > 1)} "
            f"({len(random_pool(ed, sets))} cards)")


def random_note(seed: int, edition: int | None = None, sets=None) -> str:
    """One line for the output of a run whose kingdom was drawn at random."""
    other = ("; --edition 1 draws from the first edition's" if edition in (None, 2)
             else "")
    return (f"kingdom drawn at random (seed {seed}) from "
            f"{random_pool_name(edition, sets)}, promos only when named{other}")


def _random_order(seed: int, edition: int | None = None, sets=None) -> list[int]:
    rng = np.random.default_rng([seed, 0x6B696E67])
    return [int(c) for c in rng.permutation(random_pool(edition, sets))]


def random_kingdom(seed: int, needed: Iterable[int] = (),
                   edition: int | None = None, sets=None) -> list[int]:
    """The needed cards plus cards drawn from the seed out of
    ``random_pool(edition, sets)``, 10 in all."""
    return complete_kingdom([], needed, filler=_random_order(seed, edition, sets))


def resolve_kingdom(spec, needed: Iterable[int] = (), seed: int = 0,
                    wanted: Iterable[int] = (), edition: int | None = None,
                    sets=None) -> list[int]:
    """The 10 kingdom cards of a game: the spec (see ``parse_kingdom``), the
    cards the strategies need, then the ones they would like (their optional
    'Card?' rules) while there is room, then filler.  With no spec, or a
    random one, the wanted cards are needed.  With an edition, every card
    given or needed must be of that edition (wanted ones outside it are left
    out), and random cards and filler are drawn from it.  Random cards come
    from ``random_pool(edition, sets)``: the second edition's unless edition
    is 1; filler from ``drawn_pool(edition, sets)``."""
    parse_sets(sets)                    # a wrong set name fails whatever the spec
    needed = list(needed)
    pool = C.card_pool(edition)
    wanted = [c for c in wanted if c in pool]
    with C.edition_names(edition):          # its names are that edition's printings
        chosen = [] if spec is None or _is_random(spec) else parse_kingdom(spec)
    market = [c for c in dict.fromkeys([*chosen, *needed]) if c in C.MARKET_CARDS]
    if market:
        # any card of the pool may come from the Black Market deck: what the
        # strategies need is only wanted in the supply, while there is room
        wanted = [c for c in dict.fromkeys([*needed, *wanted]) if c in pool]
        needed = market if not chosen else []
    if spec is None or _is_random(spec):
        needed = list(dict.fromkeys([*needed, *wanted]))
        if market:
            needed = needed[:KINGDOM_SIZE]
        _check_edition(needed, pool, edition)
        if spec is not None:
            return random_kingdom(seed, needed, edition, sets)
        return complete_kingdom([], needed, filler=drawn_pool(edition, sets))
    base = list(dict.fromkeys([*chosen, *needed]))
    _check_edition(base, pool, edition)
    room = [c for c in wanted if c not in base]
    return complete_kingdom(base, room[:max(0, KINGDOM_SIZE - len(base))],
                            filler=drawn_pool(edition, sets))


def _is_random(spec) -> bool:
    return isinstance(spec, str) and _set_key(spec) == RANDOM


def kingdom_notes(spec, seed: int = 0, edition: int | None = None,
                  sets=None) -> list[str]:
    """The output's notes on how the kingdom was chosen: which pool a random
    one came from (none for a named kingdom)."""
    return [random_note(seed, edition, sets)] if _is_random(spec) else []


def black_market_deck(kingdom: Iterable[int], edition: int | None = None,
                      sets=None) -> list[int]:
    """The cards of the Black Market deck (in card order; the game shuffles
    them): with a card that needs one at set-up (Black Market) in the
    kingdom, one copy of each kingdom card of the pool (``drawn_pool(edition,
    sets)``) that is not in the supply; else none."""
    kingdom = set(kingdom)
    if not kingdom & C.MARKET_CARDS:
        return []
    return [c for c in drawn_pool(edition, sets) if c not in kingdom]


def _check_edition(cards: Iterable[int], pool, edition) -> None:
    other = [C.NAMES[c] for c in cards if c not in pool]
    if other:
        raise ValueError(f"{', '.join(other)} {'is' if len(other) == 1 else 'are'} not "
                         f"in edition {edition} of its set (--edition {edition}); "
                         "leave --edition out to play with every card")


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
            return [C.card_id(n) for n in _SET_CARDS[_SETS[key]]]
        if key in _INCOMPLETE:
            name = _INCOMPLETE[key]
            lack = INCOMPLETE_KINGDOMS[name]
            raise ValueError(f"the recommended kingdom {name!r} needs {', '.join(lack)}, "
                             f"not in this domsim's card registry yet; give its other "
                             "cards by name meanwhile")
        if not _is_card(spec):
            hint = _near_set(key) or _card_hint(spec)
            raise ValueError(f"unknown kingdom {spec!r}: give a named set "
                             f"({', '.join(_SET_CARDS)}), 'random', or card names "
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
                     filler: Iterable[int] = C.card_pool()) -> list[int]:
    """The chosen cards plus the cards strategies need, filled up to 10 from
    ``filler`` (by default the card table's order, a card printed twice as
    its second edition)."""
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


def supply_mask(kingdom: Iterable[int], market: Iterable[int] = ()) -> np.ndarray:
    """int32[NCARDS] for the kernel's setup: 1 for every pile in the supply
    (base cards always), 2 for every card of the Black Market deck."""
    mask = np.zeros(C.NCARDS, dtype=np.int32)
    mask[list(market)] = 2
    mask[list(C.BASE_CARDS)] = 1
    mask[list(kingdom)] = 1
    return mask
