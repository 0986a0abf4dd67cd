"""Agents on the command line: `--agent SPEC` once per player, whose script may hold commas
(a JSON list, or a file with one answer a line), and `--agents A,B` for simple specs."""

import pytest

from rulecraft import cli
from rulecraft.agents.specs import make_agent
from rulecraft.runtime.agents import FirstLegalAgent, RandomAgent, ScriptedAgent

GAME = '''game "pick" "Pick"

scenario pick "Each player says one thing" {
  players: ["ann", "bob"]
  rounds: 1
  round {
    for p in players() {
      turn p {
        let said = choose from ["yes, surely", "no", "maybe, later"] by p "what to say"
        log "{p} says {said}"
      }
    }
  }
}
'''


@pytest.fixture
def game(tmp_path):
    (tmp_path / "main.rules").write_text(GAME, encoding="utf-8")
    return tmp_path


def said(capsys, game, *agents):
    assert cli.main(["run", f"{game}/pick", *agents]) == 0, capsys.readouterr().err
    return [line.strip() for line in capsys.readouterr().out.splitlines() if " says " in line]


def test_one_agent_a_player_and_answers_that_hold_commas(capsys, game):
    assert said(capsys, game, "--agent", 'script:["maybe, later"]', "--agent", "script:1") == [
        "ann says maybe, later", "bob says no"]


def test_a_script_file_holds_one_answer_a_line(capsys, game):
    (game / "ann.txt").write_text("yes, surely\n\n", encoding="utf-8")
    assert said(capsys, game, "--agent", f"script:@{game / 'ann.txt'}", "--agent", "script:2") == [
        "ann says yes, surely", "bob says maybe, later"]


def test_agents_lists_simple_specs_and_one_plays_for_all(capsys, game):
    assert said(capsys, game, "--agents", "first,script:2") == ["ann says yes, surely", "bob says maybe, later"]
    assert said(capsys, game, "--agents", "first") == ["ann says yes, surely", "bob says yes, surely"]
    assert said(capsys, game, "--agent", "script:1") == ["ann says no", "bob says no"]


@pytest.mark.parametrize(("agents", "message"), [
    (["--agents", "script:1,2"], "error[E1002]: --agents: '2' is not an agent: --agents splits at every comma\n"
                                 "  help: give an agent spec with commas as `--agent script:1,2`"),
    (["--agent", "script:[1,"], "error[E1002]: 'script:[1,': the answers are not JSON"),
    (["--agent", "script:[[1], 2]"], "a script's JSON must be a list of whole numbers, texts, true and false"),
    (["--agent", "script:@no-such-file"], "error[E1005]: cannot read the script no-such-file"),
    (["--agent", "clever"], "error[E1002]: unknown agent 'clever' (use one of: first, greedy, mcts, random, script:...)"),
    (["--agents", "mcts:playouts=5,turns=2"], "error[E1002]: --agents: 'turns=2' is not an agent: --agents splits at "
                                              "every comma\n  help: give an agent spec with commas as "
                                              "`--agent mcts:playouts=5,turns=2`"),
    (["--agent", "mcts:playouts=0"], "error[E1002]: 'mcts:playouts=0': playouts must be more than 0"),
])
def test_bad_agents_are_usage_errors(capsys, game, agents, message):
    assert cli.main(["run", f"{game}/pick", *agents]) == 2
    assert message in capsys.readouterr().err


def test_agent_and_agents_exclude_each_other(capsys, game):
    with pytest.raises(SystemExit) as exit:
        cli.main(["run", f"{game}/pick", "--agent", "first", "--agents", "first"])
    assert exit.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_make_agent_reads_each_form():
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("first"), FirstLegalAgent)
    scripted = make_agent("script:2,a b,,c")
    assert isinstance(scripted, ScriptedAgent)
    assert scripted.answers == [2, "a b", "c"]
    assert make_agent('script:[2, "2", "a, b", true]').answers == [2, "2", "a, b", True]  # type: ignore[attr-defined]
