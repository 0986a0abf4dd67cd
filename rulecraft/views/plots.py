"""`--plot FILE.svg|png`: pictures of what `simulate`, `balance` and `odds` compute, for people who
would rather look than read.

matplotlib is an optional extra (`pip install 'rulecraft[plot]'`), imported only when a picture is
asked for; the figures are drawn without pyplot (no global state, no display: the Agg and SVG
renderers). The same command writes the same bytes: the SVG ids are salted with a constant, no
date is written, and text stays text (`svg.fonttype` none), so a reader can select and search it.
Every bar of an SVG carries a `<title>`: viewers show it on hover.

It takes a summary, a comparison or outcomes (dicts, as the commands print them as JSON), a file
name and `--force`; it gives the file, written safely (rulecraft/inputs/outputs.py: a file there
already is replaced only with `--force`). Names are drawn as written: no `$...$` mathtext. The
`--plot` option itself is rulecraft/cli/options.py, which reads EXTRA from here on every start of a
command with `--plot`: this module imports nothing heavy before a picture is drawn (its writing and
refusals, rulecraft/inputs/, only inside the functions that need them). A newcomer changes a
figure's look here; what it shows comes from rulecraft/play/."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec

from ..play.statistics import p_text, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

SUFFIXES = (".svg", ".png")
EXTRA = "pip install 'rulecraft[plot]'"
SALT = "rulecraft"  # the SVG ids' hash salt: a constant, so the ids are the same every time
METADATA = {".svg": {"Date": None}, ".png": {}}
BAR_ID = "rulecraft-bar-"  # the gid of the i-th bar, where its tooltip goes
MAX_LABEL = 40  # longer outcome names are cut on the axis (their tooltip has them whole)
DPI = 100
P = ParamSpec("P")


def check(path: str | None, force: bool = False) -> None:
    """Refuses, before any work, a picture that could not be written: another suffix, no such
    folder, a file there already without `force` (rulecraft/inputs/outputs.py), or no matplotlib."""
    from ..inputs import outputs
    from ..inputs.given import UsageError

    if path is None:
        return
    if Path(path).suffix.lower() not in SUFFIXES:
        raise UsageError("E1002", f"--plot {path}: a picture is FILE.svg or FILE.png",
                         "give a file name ending in .svg (scalable, with a tooltip on each bar) or .png")
    outputs.checked(path, force, f"the picture {path}")  # found out now, not after a thousand games
    _matplotlib()


def _matplotlib():
    from ..inputs.given import UsageError

    try:
        import matplotlib
    except ImportError:
        raise UsageError("E1005", "--plot: drawing a picture needs matplotlib, which is not installed",
                         f"install the extra: {EXTRA}") from None
    return matplotlib


def _drawn(picture: Callable[P, None]) -> Callable[P, None]:
    """A picture drawn and saved under matplotlib's settings for it: constant SVG ids, text kept
    text, and no mathtext (a name with `$` in it is text from a ruleset or a user, drawn as written)."""
    @functools.wraps(picture)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> None:
        with _matplotlib().rc_context({"svg.hashsalt": SALT, "svg.fonttype": "none", "text.parse_math": False}):
            picture(*args, **kwargs)

    return drawn


# ---- the three pictures ------------------------------------------------------------


@_drawn
def simulation(summary: dict[str, Any], path: str, force: bool = False) -> None:
    """Each winner's share of the games (the draws last) with its 95 % interval as an error bar."""
    winners = summary["winners"]
    fig, ax = _figure(max(4.0, 1.2 * len(winners) + 2), 4.0)
    bars = ax.bar([_who(w["winner"]) for w in winners], [w["share"] for w in winners],
                  yerr=_errors(winners), capsize=6, color=_colours(winners))
    ax.bar_label(bars, [_share_label(w) for w in winners], padding=3)
    _shares_axis(ax)
    r = summary["rounds"]
    ax.set_title(f"{summary['game']}/{summary['scenario']}: {summary['games']} games, agents "
                 f"{','.join(summary['agents'])}\nrounds: mean {r['mean']}, min {r['min']}, max {r['max']}")
    titles = [f"{_who(w['winner'])}: {w['games']} of {summary['games']} games, {_pct(w['share'])} "
              f"(95 % interval {_interval(w)})" for w in winners]
    _save(fig, path, titles, force)


@_drawn
def balance(report: dict[str, Any], path: str, force: bool = False) -> None:
    """Each winner's share without and with the mods side by side, with their intervals; the
    test and each winner's p-value above."""
    sides = [("without", report["without"]), (f"with {', '.join(report['mods'])}", report["with"])]
    names = [w["winner"] for w in report["winners"]]
    fig, ax = _figure(max(5.0, 2.0 * len(names) + 2), 4.5)
    width, titles = 0.38, []
    for i, (label, summary) in enumerate(sides):
        shares = {w["winner"]: w for w in summary["winners"]}
        shown = [shares.get(name) or _none(name, summary["games"]) for name in names]
        bars = ax.bar([k + (i - 0.5) * width for k in range(len(names))], [w["share"] for w in shown], width,
                      yerr=_errors(shown), capsize=5, label=label, color=f"C{i}")
        ax.bar_label(bars, [_share_label(w) for w in shown], padding=3, fontsize=7)
        titles += [f"{_who(w['winner'])} {label}: {_pct(w['share'])} (95 % interval {_interval(w)})" for w in shown]
    ax.set_xticks(range(len(names)), [f"{_who(w['winner'])}\n{p_text(w['p'])}" for w in report["winners"]])
    _shares_axis(ax)
    fig.legend(loc="outside lower center", ncols=2)
    rounds = report["rounds"]
    rounds_test = f"{rounds['test']}, {p_text(rounds['p'])}" if rounds["test"] else "no test"
    ax.set_title(f"{report['game']}/{report['scenario']}: {report['games']} games a side, wins compared by "
                 f"{report['winners'][0]['test']}\nrounds {rounds['without']} -> {rounds['with']} ({rounds_test})")
    _save(fig, path, titles, force)  # in the order drawn: one side's bars, then the other's


@_drawn
def odds(title: str, outcomes: list[dict[str, Any]], path: str, force: bool = False) -> None:
    """An exact distribution: a bar per outcome labelled with its fraction and percentage; numbers
    stand up in order, anything else lies down in the order given."""
    names = [str(o["value"]) for o in outcomes]
    labels = [f"{o['probability']}  ({_pct(o['decimal'], 2)})" for o in outcomes]
    if all(isinstance(o["value"], int) for o in outcomes):
        fig, ax = _figure(max(4.0, 0.7 * len(outcomes) + 2), 4.0)
        bars = ax.bar(names, [o["decimal"] for o in outcomes], color="C0")
        ax.bar_label(bars, labels, padding=3, rotation=90 if len(outcomes) > 8 else 0, fontsize=7)
        ax.set_ylabel("probability")
        ax.margins(y=0.3)
    else:
        fig, ax = _figure(8.0, max(2.0, 0.35 * len(outcomes) + 1))
        bars = ax.barh([_cut(n) for n in names], [o["decimal"] for o in outcomes], color="C0")
        ax.invert_yaxis()  # the first outcome on top, as `odds` prints them
        ax.bar_label(bars, labels, padding=3, fontsize=7)
        ax.set_xlabel("probability")
        ax.margins(x=0.3)
    ax.set_title(title)
    _save(fig, path, [f"{n}: {o['probability']} ({_pct(o['decimal'], 2)})" for n, o in zip(names, outcomes)], force)


# ---- drawing and writing ------------------------------------------------------------


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    return fig, fig.add_subplot()




def _save(fig: Figure, path: str, titles: list[str], force: bool) -> None:
    """Writes the picture (rulecraft/inputs/outputs.py); the i-th bar drawn gets `titles[i]` as
    its SVG tooltip."""
    from ..inputs import outputs

    suffix = Path(path).suffix.lower()
    bars = [p for ax in fig.axes for p in ax.patches]
    for i, bar in enumerate(bars):
        bar.set_gid(f"{BAR_ID}{i}")
    out = io.BytesIO()
    fig.savefig(out, format=suffix[1:], metadata=METADATA[suffix])
    data = out.getvalue()
    if suffix == ".svg":
        data = _with_titles(data.decode("utf-8"), titles).encode("utf-8")
    outputs.write(path, data, force, f"the picture {path}")


def _with_titles(svg: str, titles: list[str]) -> str:
    """Each bar's group with its `<title>` first: the tooltip SVG viewers show."""
    def titled(m: re.Match[str]) -> str:
        return f"{m.group(0)}\n   <title>{_escaped(titles[int(m.group(1))])}</title>"

    return re.sub(rf'<g id="{BAR_ID}(\d+)">', titled, svg)


def _escaped(text: str) -> str:
    """Text as SVG element content: `&`, `<` and `>` as entities (what xml.sax.saxutils.escape
    does, without importing xml.sax, which pulls in urllib, email and ssl)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _shares_axis(ax: Axes) -> None:
    from matplotlib.ticker import PercentFormatter

    ax.set_ylim(0, 1.12)  # room for the labels above a share of 100 %
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("share of the games")


def _errors(winners: list[dict[str, Any]]) -> list[list[float]]:
    """The intervals as matplotlib's error bars: distances below and above each share."""
    return [[max(0.0, w["share"] - w["interval"][0]) for w in winners],
            [max(0.0, w["interval"][1] - w["share"]) for w in winners]]


def _colours(winners: list[dict[str, Any]]) -> list[str]:
    return ["0.6" if w["winner"] is None else f"C{i}" for i, w in enumerate(winners)]


def _none(name: str | None, games: int) -> dict[str, Any]:
    """A winner one side never had: no games, its interval from 0."""
    return {"winner": name, "games": 0, "share": 0.0, "interval": [0.0, round(wilson(0, games)[1], 4)]}


def _share_label(w: dict[str, Any]) -> str:
    return f"{_pct(w['share'])}\n[{_interval(w)}]"


def _interval(w: dict[str, Any]) -> str:
    low, high = w["interval"]
    return f"{_pct(low)} – {_pct(high)}"


def _pct(x: float, digits: int = 1) -> str:
    return f"{x * 100:.{digits}f} %"


def _who(name: str | None) -> str:
    return "(draw)" if name is None else name


def _cut(name: str) -> str:
    return name if len(name) <= MAX_LABEL else name[:MAX_LABEL - 1] + "…"
