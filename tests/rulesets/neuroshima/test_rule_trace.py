"""Which catalogue rules a situation brings into play: the rule trace (`game.history.touched`)
that `rulecraft test`'s `checks` and `rulecraft coverage` read. Some rules have no outcome of
their own beyond that trace (a Gauss shot keeps being Gauss through a redirector, a module does
nothing to a redirector, a paralysed redirector still works): the trace is then how a test sees
that the ruleset recognised the situation, and that it did not claim it in another one."""

import pytest

from tests.support.hex_board import allied_board

REDIRECT = {"NS-001", "NS-002", "NS-003", "NS-004", "NS-005", "NS-006", "NS-007", "NS-009", "NS-010",
            "NS-023", "NS-029", "NS-030", "NS-038", "NS-056", "NS-057", "NS-058"}
CAUGHT = {"NS-001", "NS-002", "NS-058"}  # every own shot a redirector catches
SEGMENTS = {"NS-034", "NS-035", "NS-036", "NS-037", "NS-049"}


def traced(board, among, name, *args):
    """The ids of `among` that calling `name` brings into play, and what it returned."""
    board.game.history.touched.clear()
    result = board.call(name, *args)
    return board.game.history.touched & among, result


# ---- redirectors (NS-001 … NS-010, NS-023, NS-029, NS-030, NS-038, NS-057, NS-058) ------------

REDIRECTS = [  # shooter, redirector, what else stands there, the rules in play
    ("shooter_alpha", "fire_station", (), {"NS-030"}),
    ("shooter_alpha", "doom_netter", (), {"NS-029"}),
    ("shooter_alpha", "splitter", (), {"NS-023"}),
    ("gauss_cannon", "fire_station", (), {"NS-003", "NS-004", "NS-057", "NS-030"}),
    ("gauss_cannon", "splitter", (), {"NS-003", "NS-004", "NS-057", "NS-023"}),
    ("allied_mortar", "doom_netter", (), {"NS-003", "NS-005", "NS-029"}),
    ("allied_sniper", "fire_station", (), {"NS-003", "NS-006", "NS-030"}),
    ("shooter_alpha", "fire_station", (("officer", "c2"),), {"NS-009", "NS-030"}),
    ("shooter_alpha", "splitter", (("splitter", "c4"),), {"NS-023", "NS-038"}),
]


@pytest.mark.rules("NS-001", "NS-002", "NS-003", "NS-004", "NS-005", "NS-006", "NS-009", "NS-023", "NS-029",
                   "NS-030", "NS-038", "NS-057", "NS-058")
@pytest.mark.parametrize(("shooter", "redirector", "others", "rules"), REDIRECTS)
def test_a_redirected_shot_brings_exactly_the_rules_of_its_kind_and_its_redirector_into_play(
        new_board, shooter, redirector, others, rules):
    board, ally = allied_board(new_board)
    owner = ally if shooter.startswith("allied") else board.a
    t = board.put(owner, shooter, "c1")
    board.put(board.a, redirector, "c2" if shooter == "allied_mortar" else "c3")  # where the shot is caught
    for definition, label in others:
        board.put(board.a, definition, label)
    board.put(board.b, "hq_doomsday", "e3")
    touched, _hits = traced(board, REDIRECT, "attack", t)
    assert touched == CAUGHT | rules


@pytest.mark.rules("NS-001", "NS-002", "NS-058")
def test_a_shot_no_redirector_catches_brings_no_redirect_rule_into_play(board):
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(2, "fire_station", "c3")  # an enemy's: it is hit, not passed through
    assert traced(board, REDIRECT, "attack", alpha)[0] == set()


@pytest.mark.rules("NS-010")
@pytest.mark.parametrize(("paralysed", "rules"), [(True, {"NS-010"}), (False, set())])
def test_only_a_paralysed_redirector_brings_the_paralysis_rule_into_play(board, paralysed, rules):
    alpha = board.put(1, "shooter_alpha", "c1")
    netter = board.put(1, "doom_netter", "c3")
    board.game.set(netter, "paralysed", paralysed)
    board.put(2, "shooter_omega", "b2")
    touched, hits = traced(board, REDIRECT, "attack", alpha)
    assert touched == CAUGHT | {"NS-029"} | rules
    assert len(hits) == 1


# ---- the Gauss Cannon and the Officer (NS-018, NS-019, NS-048) -----------------------------------

@pytest.mark.rules("NS-018", "NS-019")
@pytest.mark.parametrize(("officer", "rules"), [(True, {"NS-018", "NS-019"}), (False, {"NS-018"})])
def test_the_no_bonus_rule_of_the_gauss_cannon_comes_into_play_only_with_a_bonus(board, officer, rules):
    if officer:
        board.put(1, "officer", "c1")
    gauss = board.put(1, "gauss_cannon", "c2")
    board.put(2, "shooter_omega", "c4")
    assert traced(board, {"NS-018", "NS-019", "NS-026"}, "attack", gauss)[0] == rules


@pytest.mark.rules("NS-048")
@pytest.mark.parametrize(("officer_at", "rules"), [("c1", {"NS-048"}), ("c2", set())])
def test_an_officer_two_hexes_away_brings_the_example_rule_into_play(board, officer_at, rules):
    board.put(1, "officer", officer_at)
    alpha = board.put(1, "shooter_alpha", "c3")
    assert traced(board, {"NS-048"}, "shooting_bonus", alpha) == (rules, 1)


# ---- initiative segments (NS-034 … NS-037, NS-049) -------------------------------------------------

SEGMENT_CASES = [  # unit, module, where the module stands (the unit is on c3), segments, rules
    ("shooter_alpha", "officer", "c2", [2], set()),
    ("shooter_alpha", "scout", "c2", [3], {"NS-034"}),
    ("shooter_alpha", "combat_processor", "c2", [2, 1], {"NS-035"}),
    ("shooter_alpha", "combat_processor", "c1", [2, 1], {"NS-035", "NS-049"}),
    ("shooter_gamma", "combat_processor", "c2", [2, 1, 0], {"NS-035", "NS-036"}),
    ("shooter_gamma", "combat_processor", "c1", [2, 1, 0], {"NS-035", "NS-036", "NS-049"}),
    ("hq_doomsday", "combat_processor", "c2", [0], {"NS-037"}),
]


@pytest.mark.rules("NS-034", "NS-035", "NS-036", "NS-049")
@pytest.mark.parametrize(("unit", "module", "module_at", "segments", "rules"), SEGMENT_CASES)
def test_a_units_segments_and_the_module_rules_they_bring_into_play(board, unit, module, module_at, segments, rules):
    board.put(1, module, module_at)
    t = board.put(1, unit, "c3")
    assert traced(board, SEGMENTS, "segments_of", t) == (rules, segments)


# ---- connected modules (NS-054) ---------------------------------------------------------------------

@pytest.mark.rules("NS-054")
@pytest.mark.parametrize(("modules", "rules"), [((), set()), (("c1",), {"NS-054"}), (("c1", "c2"), {"NS-054"})])
def test_the_automatic_connection_rule_comes_into_play_only_for_a_connected_unit(board, modules, rules):
    for label in modules:
        board.put(1, "officer", label)
    alpha = board.put(1, "shooter_alpha", "c3")
    touched, connected = traced(board, {"NS-054"}, "modules_of", alpha)
    assert touched == rules
    assert len(connected) == len(modules)


@pytest.mark.rules("NS-023")
def test_a_redirector_with_two_outlets_splits_the_shot(new_board):
    board = new_board(assumptions={"splitter.outlet": [1, 0, 1, 0, 0, 0]})  # front and back-right only
    alpha = board.put(1, "shooter_alpha", "c1")
    board.put(1, "splitter", "c3")
    for label in ("c5", "e1"):
        board.put(2, "shooter_omega", label)
    touched, hits = traced(board, REDIRECT, "attack", alpha)
    assert touched == CAUGHT | {"NS-023"}
    assert len(hits) == 2


@pytest.mark.rules("NS-026")
@pytest.mark.parametrize(("officer", "rules"), [(True, {"NS-026"}), (False, set())])
def test_the_officer_rule_comes_into_play_only_for_a_shooter_with_a_bonus(board, officer, rules):
    if officer:
        board.put(1, "officer", "c1")
    alpha = board.put(1, "shooter_alpha", "c2")
    board.put(2, "shooter_omega", "c4")
    touched, hits = traced(board, {"NS-018", "NS-019", "NS-026"}, "attack", alpha)
    assert touched == rules
    assert [h["wounds"] for h in hits] == [1 + officer]
