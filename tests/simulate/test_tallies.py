"""What `simulate` sums beyond the winners: each player's score (a ruleset's `fn score`), how often
each definition was picked in a choice or played in a timing window and each text chosen, and
the progress it writes on stderr."""

from __future__ import annotations

import json

import pytest

import rulecraft
from rulecraft import cli

# Two rounds: each player shows a trick of their hand (a choice), then the feast window opens,
# in which ann may play her one cheer (2 points). The scripts below make every game alike.
TALLY = """\
game "tally" "Tally"

kind player { points: int = 0 }
kind trick {}
zone hand per_player
zone discard

trick cheer "Cheer" {
  play in feast {
    player.points += 2
    move this to discard
  }
}

trick jeer "Jeer" {}

fn score(p: player) -> int {
  # the points a player gathered
  return p.points
}

scenario party "Two rounds" {
  players: ["ann", "bob"]
  rounds: 2
  setup {
    let ps = players()
    create cheer at hand(ps[0])
    create jeer at hand(ps[0])
    create jeer at hand(ps[1])
    create jeer at hand(ps[1])
  }
  round {
    for p in players() {
      turn p {
        let shown = choose from items(hand(p)) by p "a trick to show"
        let cheering = choose from ["clap", "sit"] by p "what to do"
      }
    }
    window feast from hand
  }
}
"""
# ann shows a jeer and claps, plays her cheer in the first feast, then shows her last jeer (her only
# option: not asked) and sits; bob shows a jeer and claps twice
AGENTS = ("--agent", "script:jeer,clap,1,sit", "--agent", "script:0,clap,0,clap")


@pytest.fixture
def party(tmp_path):
    (tmp_path / "tally").mkdir()
    (tmp_path / "tally" / "main.rules").write_text(TALLY, encoding="utf-8")
    return str(tmp_path / "tally" / "party")


def simulate(capsys, *argv: str) -> tuple[str, str]:
    assert cli.main(["simulate", *argv]) == 0
    return capsys.readouterr()


def test_scores_and_tallies_are_summed_over_the_games(capsys, party):
    out, _ = simulate(capsys, party, "--games", "3", *AGENTS, "--json", "--quiet")
    summary = json.loads(out)
    assert summary["scores"] == [{"player": "ann", "mean": 2.0, "min": 2, "max": 2},
                                 {"player": "bob", "mean": 0.0, "min": 0, "max": 0}]
    # each game: four tricks shown (jeers) and the cheer picked in the window, then played
    assert summary["plays"] == {"picked": {"jeer": 12, "cheer": 3}, "played": {"cheer": 3},
                                "chosen": {"clap": 9, "sit": 3}}


def test_the_table_shows_the_scores_and_the_most_played(capsys, party):
    out, _ = simulate(capsys, party, "--games", "3", *AGENTS, "--quiet")
    assert out.splitlines()[6:] == ["score of ann: mean 2.0, min 2, max 2", "score of bob: mean 0.0, min 0, max 0",
                                    "picked most (2 in all): jeer 12, cheer 3", "played most (1 in all): cheer 3",
                                    "chosen most (2 in all): clap 9, sit 3", "every rule was executed"]


def test_a_ruleset_without_a_score_gives_none(capsys):
    summary = json.loads(simulate(capsys, "examples/tic-tac-toe/classic", "--games", "2", "--json", "--quiet")[0])
    assert summary["scores"] is None


def test_random_games_tally_alike_on_one_worker_and_two(capsys):
    argv = ("neuroshima/duel", "--games", "4", "--seed", "9", "--json", "--quiet")
    one, two = (json.loads(simulate(capsys, *argv, "--workers", k)[0]) for k in ("1", "2"))
    assert one["plays"] == two["plays"]
    assert one["scores"] == two["scores"]
    picked = list(one["plays"]["picked"].items())
    assert picked == sorted(picked, key=lambda e: (-e[1], e[0]))
    assert picked[0][1] > 0


def test_the_history_tallies_texts_chosen_and_things_played():
    game = rulecraft.Game(rulecraft.compile_source(TALLY, "t.rules"))
    ann = game.players[0]
    game.history.record("choice", player=ann, prompt="what to do", options=2, picked="clap")
    game.history.record("choice", player=ann, prompt="which number", options=2, picked=3)  # a number is neither
    cheer = game.create("cheer", 1, game.zone("hand", ann))
    game.history.record("play", player=ann, card=cheer, window="feast")
    game.history.record("choice", player=ann, prompt="who", options=2, picked=ann)  # a player is no definition
    assert game.history.tally == {("chosen", "clap"): 1, ("played", "cheer"): 1}


def test_progress_is_plain_lines_on_stderr_when_it_is_not_a_terminal(capsys, party):
    out, err = simulate(capsys, party, "--games", "12", *AGENTS, "--json")
    json.loads(out)  # stdout holds the results alone
    assert err.splitlines() == [f"tally/party: {k}/12 games" for k in (2, 4, 6, 8, 10, 12)]
    _, err = simulate(capsys, party, "--games", "3", *AGENTS)
    assert err == "tally/party: 1/3 games\ntally/party: 2/3 games\ntally/party: 3/3 games\n"


def test_quiet_writes_no_progress(capsys, party):
    assert simulate(capsys, party, "--games", "3", *AGENTS, "--quiet")[1] == ""
