"""Who sits where in each game of a run: every seating equally often.

The seats of a run hold a fixed multiset of strategy entries (entry ``k % n``
in seat ``k``: ``compare A B --players 4`` seats A, B, A, B).  The kernel
rotates the seat list it is given by the game number (game ``g`` seats
``entries[(k + g % players) % players]`` in seat ``k``), so one seat list
played over ``players`` consecutive games covers all its rotations.  That
alone is not every seating: ``A B C`` never plays as ``A C B``, and ``A B A
B`` never as ``A A B B``; with 3 or more players who sits next to whom moves
win rates (up to 0.74 points measured against shuffled seats).

So a run cycles through every *class* of seatings (the distinct orders of
the multiset up to rotation, the necklaces), each for a block of games that
is a multiple of the player count; a class whose orders repeat after ``d``
rotations (``ABAB``: d = 2) gets a block ``d / players`` as long as a full
class, so every distinct order is played equally often over a cycle.  The
order of the classes in the cycle is shuffled by the run's seed.  Which
seating a game gets depends only on (seed, game index), so the jobs of a run
still add up to the whole run, bit for bit.

With a single class (two players; one strategy in every seat; ``A A B``)
this is exactly the kernel's rotation of the seat list, so two-player runs
play the same games as before: ``seating="rotate"`` keeps that rotation
for any number of players.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

import numpy as np

SEATINGS = ("all", "rotate")
MIN_BLOCK = 64       # games per kernel call at least: a call costs about 7 us, a game 10-20


def seat_multiset(players: int, n_entries: int) -> np.ndarray:
    """The entries in the seats before any reordering (entry k % n in seat k)."""
    return (np.arange(players) % n_entries).astype(np.int32)


def _canonical(order: tuple[int, ...]) -> tuple[int, ...]:
    n = len(order)
    return min(order[i:] + order[:i] for i in range(n))


def _period(order: tuple[int, ...]) -> int:
    n = len(order)
    for d in range(1, n + 1):
        if n % d == 0 and order[d:] + order[:d] == order:
            return d
    return n


@lru_cache(maxsize=64)
def _classes(base: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every class of distinct orders of ``base`` up to rotation, as
    (representative, period); ``base``'s own class first, represented by
    ``base`` itself so a single-class run is the plain rotation."""
    seen = {_canonical(base): (base, _period(base))}
    for order in sorted(set(permutations(base))):
        key = _canonical(order)
        if key not in seen:
            seen[key] = (key, _period(key))
    return tuple(seen.values())


@dataclass(frozen=True)
class Seating:
    """The seating plan of a run: ``blocks`` (seat list, games) in cycle order."""
    players: int
    blocks: tuple[tuple[tuple[int, ...], int], ...]

    @property
    def cycle(self) -> int:
        return sum(n for _, n in self.blocks)

    @property
    def orders(self) -> int:
        """Distinct seat orders played (equally often over a cycle)."""
        return len({o[i:] + o[:i] for o, _ in self.blocks for i in range(self.players)})

    def segments(self, first: int, count: int):
        """(seat list as int32 array, start, length) covering games
        first .. first + count - 1, in order; start is a game index."""
        if len(self.blocks) == 1:
            yield np.array(self.blocks[0][0], np.int32), first, count
            return
        ends = np.cumsum([n for _, n in self.blocks])
        cycle = int(ends[-1])
        g, stop = first, first + count
        while g < stop:
            pos = g % cycle
            i = int(np.searchsorted(ends, pos, side="right"))
            length = min(int(ends[i]) - pos, stop - g)
            yield np.array(self.blocks[i][0], np.int32), g, length
            g += length

    def entries_of(self, games: np.ndarray) -> np.ndarray:
        """[game, seat] -> entry for the given game indices."""
        games = np.asarray(games, dtype=np.int64)
        out = np.empty((games.size, self.players), np.int32)
        seats = np.arange(self.players)
        if len(self.blocks) == 1:
            reps = np.array([self.blocks[0][0]], np.int32)
            which = np.zeros(games.size, np.intp)
        else:
            ends = np.cumsum([n for _, n in self.blocks])
            which = np.searchsorted(ends, games % ends[-1], side="right")
            reps = np.array([o for o, _ in self.blocks], np.int32)
        rot = (seats[None, :] + (games % self.players)[:, None]) % self.players
        out[:] = reps[which[:, None], rot]
        return out

    def describe(self) -> str:
        if len(self.blocks) == 1:
            return f"seats rotated ({self.orders} distinct seat orders, each equally often)"
        return (f"every seating: {self.orders} distinct seat orders, each equally often "
                f"over every {self.cycle:,} games (order of blocks from the seed)")


def plan_seating(players: int, n_entries: int, seed: int, mode: str = "all") -> Seating:
    """The seating plan for ``n_entries`` strategies in ``players`` seats."""
    if mode not in SEATINGS:
        raise ValueError(f"unknown seating {mode!r}: use {' or '.join(SEATINGS)}")
    base = tuple(int(x) for x in seat_multiset(players, n_entries))
    classes = _classes(base) if mode == "all" else ((base, _period(base)),)
    if len(classes) == 1:
        return Seating(players, ((base, players),))
    unit = -(-MIN_BLOCK // (players * min(d for _, d in classes)))   # blocks >= MIN_BLOCK
    digest = hashlib.blake2b(f"seating:{int(seed)}".encode(), digest_size=8).digest()
    rng = np.random.default_rng(int.from_bytes(digest, "little"))
    order = rng.permutation(len(classes))
    return Seating(players, tuple((classes[i][0], players * classes[i][1] * unit)
                                  for i in order))
