"""The small galaxy's turn offers buying a technology, so a New Technology discount is spent in
play (TI-053), at the assumed price `technology_price`."""

import pytest

import rulecraft
from rulecraft.runtime.agents import Agent
from rulecraft.runtime.play import start


class Buyer(Agent):
    """Buys every technology offered; remembers the price of each offer."""

    def __init__(self):
        self.offers = []

    def choose(self, game, player, options, prompt):
        if prompt == "buy a technology":
            self.offers.append(max(0, game.assume["technology_price"] - game.get(player, "tech_discount")))
            return options.index(True)
        return 0


@pytest.mark.rules("TI-053")
@pytest.mark.parametrize("price", [6, 9])
def test_the_turn_offers_a_technology_at_the_discounted_price(ti, price):
    discount = price - 2
    buyer = Buyer()
    game = start(ti, "small_galaxy", seed=1, agents=[buyer] * 3, assumptions={"technology_price": price})
    sol = game.players[0]
    game.set(sol, "tech_discount", discount)
    game.call("offer_technology", sol)
    assert buyer.offers == [2]
    assert [e["text"] for e in game.log if e["what"] == "log"][-1] == "Sol buys a technology for 2"
    assert (game.get(sol, "technologies"), game.get(sol, "tech_discount")) == (1, 0)
    game.call("offer_technology", sol)                 # the discount is spent: the full price now
    full = [price] if game.call("resources_of", sol) >= price else []
    assert buyer.offers == [2, *full]


def test_no_offer_beyond_the_players_resources(ti):
    buyer = Buyer()
    game = start(ti, "small_galaxy", seed=1, agents=[buyer] * 3, assumptions={"technology_price": 99})
    game.call("offer_technology", game.players[0])
    assert buyer.offers == []
    assert game.get(game.players[0], "technologies") == 0


def test_a_planet_changes_hands_in_this_variant_only_by_invasion():
    # gain_control and make_neutral are the base game's (TI-008, TI-009): no player's action here
    roles = {name: c.role for name, c in rulecraft.load("twilight-imperium").callables.items()}
    assert (roles["gain_control"], roles["make_neutral"], roles["buy_technology"]) == ("fn", "fn", "action")
