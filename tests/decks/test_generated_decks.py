"""The Prague League format on many decks not seen before (bench/doomtrooper.py's
`generated_decks`): which rules each deck breaks is what a plain-Python reading of the league's
rules says (the bench's Oracle, 9 of its 12 rule groups), and the copies of a card listed apart
are counted together, at the place the card is first listed."""

from bench.doomtrooper import ORACLE_RULES, Oracle, generated_decks
from rulecraft.decks.legality import DeckChecker, read_text_deck, resolve, resolve_format

DECKS = generated_decks(400, seed=29)


def test_every_generated_deck_breaks_the_rules_the_oracle_finds():
    rules = resolve_format(DECKS[0])
    oracle = Oracle(rules)
    reports = DeckChecker().check_many(DECKS)
    assert [sorted({v["rule"] for v in report["violations"]} & ORACLE_RULES) for report in reports] == [
        oracle.broken(resolve(deck, rules)) for deck in DECKS]
    legal = sum(report["legal"] for report in reports)
    assert 40 < legal < 360  # legal decks and illegal ones, of every rule group the oracle reads
    assert {v["rule"] for report in reports for v in report["violations"]} >= ORACLE_RULES - {"DT-010"}


APART = """format: doomtrooper/prague-league-2010
faction: templars
3x bayonet
2x gendarme
1x retreat
4x gendarme_bestal
3x Gendarme
Sideboard:
4x retreat
Proxies:
2x bayonet
1x gendarme
2x bayonet
"""


def test_copies_listed_apart_are_counted_together_where_the_card_is_first_listed():
    report = DeckChecker().check(read_text_deck(APART, "apart.txt"))
    assert [(v["rule"], v["message"], v["cards"]) for v in report["violations"] if v["rule"] in ("DT-007", "DT-033")] == [
        ("DT-007", "5 copies of Gendarme; at most 4 are allowed", ["gendarme"]),
        ("DT-007", "5 copies of Retreat!; at most 4 are allowed", ["retreat"]),
        ("DT-033", "4 proxies of Bayonet, but the deck holds 3 copies of it; a proxy stands for a copy in the deck",
         ["bayonet"])]
