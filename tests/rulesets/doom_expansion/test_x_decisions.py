"""Numbers of the expansion the seed does not give, as assumptions a user can change."""

import pytest


def teleports_in_one_turn(new_table, actions=None):
    t = new_table(rows=["##########", "#S.T....T#", "#S.B.....#", "##########"],
                  picks={"what the sentry bot does next": "teleport"})
    if actions is not None:
        t.game.assume["sentry_bot_actions"] = actions     # as `--set sentry_bot_actions=N` gives it
    m = t.marines[0]
    t.marine(m, 2, 2)
    t.declare(m, "advance")
    t.act("activate_bot", m, t.at(3, 2))
    bot = t.at(3, 2)
    t.set(bot, "moves_left", 4)
    t.act("bot_move", m, bot, t.s(3, 1))
    t.call("bot_turn", m, bot)
    return sum("teleports to" in line for line in t.messages())


@pytest.mark.rules("DOOMX-075")
@pytest.mark.parametrize("actions", [None, 1, 3])
def test_a_bot_that_keeps_teleporting_stops_after_sentry_bot_actions_steps(new_table, actions):
    assert teleports_in_one_turn(new_table, actions) == (6 if actions is None else actions)
