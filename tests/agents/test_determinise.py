"""Determinisation (agents/determinise.py): a playout draws afresh every thing its player has not
seen, across every place hidden from them (hidden zones, face down on a thing), with the things
that look the same from behind; it keeps each zone's size, every thing the player has seen where it
is, what its own zones hold, and the things of zones open to all, even face down."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecraft.agents.determinise import determinise
from rulecraft.compiler.loader import compile_source, load
from rulecraft.runtime import play
from rulecraft.runtime.chance import Seeded
from rulecraft.runtime.state import Entity

# Cards of no owner in each player's deck and hand, a pool set aside and face down on a spot; a
# chip (another kind: another back) in the pool and in south's hand; two cards owned by south
# (another back), in the pool and in south's deck; on the table (open to all) one card face up
# and one face down; a card removed from the game where it lay face down on the spot.
HIDDEN = """\
game "hidden" "Hidden"

kind card { }
kind ace: card { }
kind chip { }
kind spot { }
card a "A" { }
card b "B" { }
card c "C" { }
ace d "D" { }
chip x "X" { }
spot s "S" { }
zone deck per_player hidden
zone hand per_player hidden
zone pool hidden
zone table

scenario deal "Dealt" {
  players: ["north", "south"]
  setup {
    for p in players() {
      create a at deck(p)
      create b at deck(p)
      create c at deck(p)
      create d at hand(p)
      create d at hand(p)
    }
    let south = players()[1]
    create x at hand(south)
    create a at pool
    create b at pool
    create x at pool
    create c at pool owned by south
    create c at deck(south) owned by south
    create c at table
    create a at table face_down
    let here = create s
    create d at here face_down
    let gone = create b at here face_down
    remove gone
  }
}
"""
SEEDS = range(200)


def dealt(seed: int):
    """The game dealt, north shown south's first card in hand and its deck's first card."""
    game = play.start(compile_source(HIDDEN, "hidden.rules"), "deal", seed=seed)
    north, south = game.players
    game.knowledge.reveal(game.zone("hand", south).items[0], north)
    game.knowledge.reveal(game.zone("deck", south).items[0], north)
    return game, north


def places(game) -> dict:
    """Each place (a zone's ref and an index, or the ref of the thing a thing lies on and -1) ->
    the thing there."""
    found = {(z.ref, i): e for z in game.things.zones.values() for i, e in enumerate(z.items)}
    found.update({(e.location.ref, -1): e for e in game.things.entities.values() if isinstance(e.location, Entity) and e.alive})
    return found


@dataclass
class Drawn:
    game: Any
    before: dict  # place -> thing, before the draw
    after: dict  # place -> thing, after it
    marks: dict  # place -> (face down, seen by) before the draw


def drawn(seed: int) -> Drawn:
    """North's determinisation of the game dealt with `seed`, on a stream seeded with it."""
    game, north = dealt(seed)
    before = places(game)
    marks = {p: (e.face_down, e.seen_by) for p, e in before.items()}
    determinise(game, north, Seeded(seed))
    return Drawn(game, before, places(game), marks)


def test_zones_keep_their_sizes_and_places_their_marks():
    for seed in SEEDS[:20]:
        d = drawn(seed)
        assert d.after.keys() == d.before.keys()
        assert sorted(e.id for e in d.after.values()) == sorted(e.id for e in d.before.values())
        zones = {z.ref: z for z in d.game.things.zones.values()}
        for (where, i), e in d.after.items():
            assert (e.face_down, e.seen_by) == d.marks[(where, i)]  # whether it lies face down, and who looked
            assert e.location is zones[where] if i >= 0 else e.location.ref == where


def test_what_the_player_has_seen_never_moves():
    for seed in SEEDS[:20]:
        d = drawn(seed)
        north = d.game.players[0]
        seen = [p for p, e in d.before.items() if d.game.knowledge.sees(north, e)]
        assert sorted(p[0] for p in seen) == ["deck@south", "hand@south", "table"]  # the two shown, the face-up card
        assert all(d.after[p] is d.before[p] for p in seen)


def test_a_thing_out_of_the_game_stays_where_it_was():
    for seed in SEEDS[:20]:
        d = drawn(seed)
        gone = next(e for e in d.game.things.entities.values() if not e.alive)
        assert (gone.def_id, gone.location.kind, gone.face_down) == ("b", "spot", True)


def test_a_zone_open_to_all_keeps_its_things_even_face_down():
    for seed in SEEDS[:20]:
        d = drawn(seed)
        table = [p for p in d.before if p[0] == "table"]
        assert [d.before[p].face_down for p in table] == [False, True]
        assert all(d.after[p] is d.before[p] for p in table)


def test_its_own_zones_keep_what_they_hold_in_a_drawn_order():
    orders = set()
    for seed in SEEDS[:20]:
        d = drawn(seed)
        for zone in ("deck@north", "hand@north"):
            assert sorted(e.id for p, e in d.after.items() if p[0] == zone) == sorted(e.id for p, e in d.before.items() if p[0] == zone)
        orders.add(tuple(e.def_id for p, e in sorted(d.after.items()) if p[0] == "deck@north"))
    assert len(orders) == 6  # its deck's three cards, in every order


def back(e: Entity) -> tuple:
    """What the rules above show of a thing from behind: its first ancestor kind, its owner."""
    return "card" if e.kind == "ace" else e.kind, e.owner.name if e.owner else None


def test_every_unseen_thing_is_drawn_across_every_place_hidden_from_the_player():
    met: dict[tuple, set] = {}
    for seed in SEEDS:
        for place, e in drawn(seed).after.items():
            met.setdefault(place, set()).add(e.id)
    game, north = dealt(0)
    start = places(game)
    hidden = [p for p, e in start.items()
              if not game.knowledge.sees(north, e) and p[0] not in ("deck@north", "hand@north", "table")]
    for place in hidden:
        same_back = {e.id for p, e in start.items() if p in hidden and back(e) == back(start[place])}
        assert met[place] == same_back, place  # every thing with its back, and only those
    # south's deck (2: one shown, one south's own), its hand (1 shown, 1 chip), the pool and face
    # down on the spot: 6 places, each of which any of the 6 cards may be drawn into
    cards = [p[0] for p in hidden if back(start[p]) == ("card", None)]
    spot = next(e for e in game.things.entities.values() if e.kind == "spot")
    assert cards == ["deck@south"] * 2 + ["hand@south", "pool", "pool", spot.ref]


def test_the_same_stream_draws_the_same():
    def ids(d: Drawn) -> dict:
        return {p: e.id for p, e in d.after.items()}

    assert ids(drawn(7)) == ids(drawn(7))
    assert ids(drawn(7)) != ids(drawn(8))


def test_where_the_player_sees_everything_a_determinisation_changes_nothing_and_draws_nothing():
    rules = load(str(Path(__file__).resolve().parents[2] / "examples" / "connect-four"))
    game = play.run(play.start(rules, "classic", seed=2, log="simulation"), "classic", 4)
    before, stream = game.digest(), Seeded(11)
    for player in game.players:
        determinise(game, player, stream)
    assert game.digest() == before
    assert stream.state == 11
