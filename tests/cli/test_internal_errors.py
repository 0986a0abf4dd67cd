"""A fault of rulecraft itself ends as a plain message and an exit code of its own (70),
never as a bare traceback nor as 1 ("the input is wrong")."""

from rulecraft import cli
from rulecraft.cli import listing


def broken(args):
    raise TypeError("unsupported operand \x1b[2J")


def test_an_internal_error_says_so_and_exits_70(monkeypatch, capsys):
    monkeypatch.setattr(listing, "cmd_games", broken, raising=True)
    monkeypatch.delenv("RULECRAFT_TRACEBACK", raising=False)
    assert cli.main(["games"]) == cli.INTERNAL_ERROR == 70
    err = capsys.readouterr().err
    assert err.startswith("rulecraft: internal error: TypeError: unsupported operand \\x1b[2J\n")
    assert "not in your input" in err
    assert "Traceback" not in err


def test_the_traceback_is_there_for_whoever_reports_it(monkeypatch, capsys):
    monkeypatch.setattr(listing, "cmd_games", broken, raising=True)
    monkeypatch.setenv("RULECRAFT_TRACEBACK", "1")
    assert cli.main(["games"]) == 70
    assert "Traceback (most recent call last)" in capsys.readouterr().err


def test_a_key_error_of_rulecraft_itself_is_an_internal_error_not_bad_usage(monkeypatch, capsys):
    def lost(args):
        return {}["mislaid"]  # a bug: no name the user gave

    monkeypatch.setattr(listing, "cmd_games", lost, raising=True)
    monkeypatch.delenv("RULECRAFT_TRACEBACK", raising=False)
    assert cli.main(["games"]) == cli.INTERNAL_ERROR
    err = capsys.readouterr().err
    assert err.startswith("rulecraft: internal error: KeyError: 'mislaid'\n")
    assert "error[E1003]" not in err
    assert "Traceback" not in err
