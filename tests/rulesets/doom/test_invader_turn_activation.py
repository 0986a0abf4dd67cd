"""The invader player's activation step as it is offered in play (DOOM-076 ... DOOM-079, DOOM-091):
he declares which invader he activates next, each once, in the order he likes; the activated
invader moves in parts and makes its one attack before, between or after them."""

import pytest

from rulecraft import FirstLegalAgent
from tests.support.doom_tables import asked

CORRIDOR = [  # a marine at the west end sees the whole corridor
    "###########",
    "#S........#",
    "###########",
]

HIDDEN = [  # a room the marine sees, and a back room behind a wall he does not
    "###########",
    "#S...#....#",
    "#....#....#",
    "#.........#",
    "###########",
]

NEXT = "what the activated invader does next"
WHERE = "where the invader moves"
WHICH = "which invader the invader player activates next"


class Picks(FirstLegalAgent):
    """Answers by prompt: `picks` maps a piece of a prompt to the value wanted, or to a list of
    values used in turn (the last one stays); other questions get the first option. Every
    question asked is kept in `asked` as (prompt, options)."""

    name = "picks"

    def __init__(self, picks):
        self.picks = {k: list(v) if isinstance(v, list) else v for k, v in picks.items()}
        self.asked = []

    def choose(self, game, player, options, prompt):
        self.asked.append((prompt, list(options)))
        for key, want in self.picks.items():
            if key in prompt:
                if isinstance(want, list):
                    want = want.pop(0) if len(want) > 1 else want[0]
                for i, o in enumerate(options):
                    if o == want or o is want:
                        return i
                raise AssertionError(f"{want!r} is not an option for {prompt!r}: {options}")
        return 0

    def offered(self, prompt):
        return [options for p, options in self.asked if prompt in p]


def picks_for(t, picks):
    agent = Picks(picks)
    t.game.choices.agents[t.invader.id] = agent
    return agent


def activations(t):
    return [e["text"] for e in t.log("log") if e["text"].startswith("the invader player activates")]


def moves_and_rolls(t):
    return [e["what"] for e in t.game.log if e["what"] in ("roll", "grid_move")]


@pytest.mark.rules("DOOM-076", "DOOM-077")
def test_the_invader_player_declares_which_invader_he_activates_next(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 7, 1)
    zombie = t.invader_at("zombie", 8, 3)
    agent = picks_for(t, {WHICH: zombie, NEXT: "end its activation"})
    t.call("activate_all", t.invader)
    assert activations(t) == [f"the invader player activates {zombie.name}", f"the invader player activates {imp.name}"]
    # each invader once: after the zombie only the imp is left (asked of nobody), then no one
    assert agent.offered(WHICH) == [[imp, zombie]]
    assert len(activations(t)) == 2


@pytest.mark.rules("DOOM-076")
def test_each_invader_on_the_board_is_activated_once(new_table):
    t = new_table(rows=HIDDEN)  # the first legal answers: activate in order, move while it can
    t.marine(t.marines[0], 1, 1)
    invaders = [t.invader_at("imp", 7, 1), t.invader_at("zombie", 8, 3)]
    t.call("activate_all", t.invader)
    assert sorted(activations(t)) == sorted(f"the invader player activates {i.name}" for i in invaders)
    moved = {e["thing"] for e in t.log("grid_move")}
    assert moved == {i.ref for i in invaders}


@pytest.mark.rules("DOOM-078", "DOOM-079")
def test_an_invader_may_attack_before_moving(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 3, 1)
    picks_for(t, {NEXT: ["attack", "move", "end its activation"], WHERE: t.s(7, 3)})
    t.call("activate", t.invader, imp)
    assert moves_and_rolls(t) == ["roll", "roll", "grid_move"]
    assert t.where(imp) == (7, 3)


@pytest.mark.rules("DOOM-078", "DOOM-079", "DOOM-091")
def test_an_invader_attacks_in_the_middle_of_its_move_and_moves_on_with_what_is_left(new_table):
    t = new_table(rows=CORRIDOR)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 9, 1)
    assert t.get(imp, "movement") == 5
    agent = picks_for(t, {NEXT: ["move", "attack", "move", "end its activation"], WHERE: [t.s(7, 1), t.s(9, 1)]})
    t.call("activate", t.invader, imp)
    assert moves_and_rolls(t) == ["grid_move", "roll", "roll", "grid_move"]
    assert [e["cost"] for e in t.log("grid_move")] == [2, 2]
    # after the attack: no second attack, and the second part of the move had 3 points left
    assert agent.offered(NEXT)[2] == ["move", "end its activation"]
    assert max(t.xy(s)[0] for s in agent.offered(WHERE)[1]) == 9
    assert min(t.xy(s)[0] for s in agent.offered(WHERE)[1]) == 4


@pytest.mark.rules("DOOM-078", "DOOM-082")
def test_an_invader_moves_no_further_than_its_movement_rate_in_all_its_parts(new_table):
    t = new_table(rows=CORRIDOR)
    t.marine(t.marines[0], 1, 1)
    zombie = t.invader_at("zombie", 9, 1)
    assert t.get(zombie, "movement") == 4
    agent = picks_for(t, {NEXT: "move", WHERE: [t.s(8, 1), t.s(7, 1), t.s(6, 1), t.s(5, 1)]})
    t.call("activate", t.invader, zombie)
    assert [e["cost"] for e in t.log("grid_move")] == [1, 1, 1, 1]
    assert t.where(zombie) == (5, 1)
    # after the fourth space nothing is left to choose: no movement, and no marine within reach
    assert agent.offered(NEXT) == [["move", "end its activation"]] * 4


@pytest.mark.rules("DOOM-079", "DOOM-097")
def test_a_melee_invader_steps_in_strikes_and_steps_back(new_table):
    t = new_table(rows=CORRIDOR)
    t.marine(t.marines[0], 1, 1)
    zombie = t.invader_at("zombie", 4, 1)  # melee only: it must be next to the marine to attack
    assert t.call("invader_targets", zombie) == []
    agent = picks_for(t, {NEXT: ["move", "attack", "move", "end its activation"], WHERE: [t.s(2, 1), t.s(4, 1)]})
    t.call("activate", t.invader, zombie)
    assert agent.offered(NEXT)[0] == ["move", "end its activation"]
    assert agent.offered(NEXT)[1] == ["move", "attack", "end its activation"]
    assert moves_and_rolls(t) == ["grid_move", "roll", "grid_move"]
    assert t.where(zombie) == (4, 1)
    assert [e["cost"] for e in t.log("grid_move")] == [2, 2]


@pytest.mark.rules("DOOM-078")
def test_an_activated_invader_may_do_nothing(new_table):
    t = new_table(rows=CORRIDOR)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 9, 1)
    agent = picks_for(t, {NEXT: "end its activation"})
    t.call("activate", t.invader, imp)
    assert agent.offered(NEXT) == [["move", "attack", "end its activation"]]
    assert moves_and_rolls(t) == []
    assert t.where(imp) == (9, 1)


@pytest.mark.rules("DOOM-076")
def test_an_invader_placed_during_the_activation_step_waits_for_the_next_turn(new_table):
    t = new_table(rows=HIDDEN)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 7, 1)
    t.game.create("ambush", 1, t.game.zone("invader_hand"), None, True)
    picks_for(t, {"play an event card now": True, NEXT: "end its activation"})
    t.call("activate_all", t.invader)   # the ambush is played as the imp's activation begins
    zombies = t.game.select("zombie", at=t.game.zone("on_board"), by_definition=True)
    assert len(zombies) == 1
    assert activations(t) == [f"the invader player activates {imp.name}"]


POCKET = [  # the imp's space (8,2) is walled in: it can neither move nor see the marine
    "##########",
    "#S.....###",
    "#......#.#",
    "#......###",
    "##########",
]


def ended(t):
    return [e["args"] for e in t.log("event") if e["event"] == "invader_activated"]


@pytest.mark.rules("DOOM-077", "DOOM-078")
def test_a_walled_in_invader_ends_its_activation_unasked_and_unmoved(new_table):
    t = new_table(rows=POCKET)
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 8, 2)
    t.call("activate", t.invader, imp)
    assert t.messages()[-1] == f"the invader player activates {imp.name}"
    assert asked(t, NEXT) == []
    assert ended(t) == [[imp.ref, False]]
    assert t.where(imp) == (8, 2)


@pytest.mark.rules("DOOM-077", "DOOM-078")
def test_an_invader_that_moves_ends_its_activation_having_moved(new_table):
    t = new_table(rows=POCKET, invader_answers=["move", 0, "end its activation"])
    t.marine(t.marines[0], 1, 1)
    imp = t.invader_at("imp", 6, 3)
    t.call("activate", t.invader, imp)
    assert asked(t, NEXT) == [3, 3]          # move, attack or end; then again after the move
    assert ended(t) == [[imp.ref, True]]
    assert t.where(imp) != (6, 3)
