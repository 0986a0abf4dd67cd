"""Without the `plot` extra, `--plot` is refused before any game is played, with the extra to install."""

from __future__ import annotations

import sys

from rulecraft import cli


def test_plot_without_matplotlib_names_the_extra(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` raises ImportError
    picture = tmp_path / "wins.svg"
    assert cli.main(["simulate", "examples/tic-tac-toe/classic", "--games", "2", "--plot", str(picture)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the games
    assert "error[E1005]" in captured.err
    assert "pip install 'rulecraft[plot]'" in captured.err
    assert "Traceback" not in captured.err
    assert not picture.exists()
