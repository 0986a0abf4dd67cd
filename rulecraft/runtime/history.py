"""The log of a game: every happening as a numbered entry, and the rules that ran.

`record` appends an entry stamped with its number (`seq`) and the round it happened in;
a simulation's log (`full=False`) keeps only the entries a replay needs (REPLAY_NEEDS), numbered
as in the full log, so it is the full log with the other entries left out (and without the final
digest of the state: see play.run);
`tally` counts, over the game, what the simulation sums: the definition ids of things picked in
choices (`picked`) and of cards played in timing windows (`played`), and the texts picked in
choices (`chosen`: the actions, orders and modes a ruleset offers by name); every log keeps it, a
simulation's too.
`touch` notes the ids of rules that ran and tells every rule listener (see `listen_to_rules`),
which is how tools such as the pytest plugin learn which rules a test executed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from .errors import AgentError, BudgetExceeded
from .printable import printable_json
from .state import Entity, sized_json

MAX_LOG = 1_000_000
MAX_LOG_VOLUME = 50_000_000  # the characters and items the kept entries' values hold, nested ones included
UNSIZED = frozenset({int, bool, type(None)})
REPLAY_NEEDS = frozenset({"scenario", "choice", "end", "final"})  # a replay's seed, picks and length
TALLIED = {"choice": "picked", "play": "card"}  # what is tallied: the field naming what was picked or played

RuleListener = Callable[[Iterable[str]], None]
_rule_listeners: list[RuleListener] = []


def listen_to_rules(listener: RuleListener) -> Callable[[], None]:
    """Call `listener(rule_ids)` whenever any game runs rules; returns a function that stops it."""
    _rule_listeners.append(listener)
    return lambda: _rule_listeners.remove(listener)


class History:
    """Owns the log entries, their numbering, the current round and the set of rules that ran."""

    def __init__(self, full: bool = True) -> None:
        self.full = full
        self.entries: list[dict[str, Any]] = []
        self.recorded = 0  # entries of the full log, whether kept or not
        self.volume = 0  # the size of the kept entries' values (see MAX_LOG_VOLUME)
        self.seq = 0  # increases with every logged happening; orders modifiers and phases
        self.round = 0
        self.touched: set[str] = set()
        self.tally: Counter[tuple[str, str]] = Counter()  # (tally, definition id or action name) -> times
        self.choosing: str | None = None  # the player whose agent is choosing: nothing may happen meanwhile

    def record(self, what: str, **fields: Any) -> None:
        if self.choosing is not None or self.recorded >= MAX_LOG:
            self.refuse(what)
        self.recorded += 1
        self.seq += 1
        if what in TALLIED:
            self.count(what, fields[TALLIED[what]])
        if not self.full and what not in REPLAY_NEEDS:
            return
        entry = {"seq": self.seq, "round": self.round, "what": what}
        volume = self.volume
        for k, v in fields.items():
            cls = v.__class__
            if cls in UNSIZED:
                entry[k] = v
            elif cls is Entity:  # a thing or player: its reference (which counts nothing, as in sized_json)
                entry[k] = v.ref
            else:
                entry[k], size = sized_json(v)
                volume += size
        self.volume = volume
        if volume > MAX_LOG_VOLUME:
            raise BudgetExceeded(f"the game log passed {MAX_LOG_VOLUME} items and characters")
        self.entries.append(entry)

    def choice(self, player: Entity, prompt: str, options: int, picked: Any) -> None:
        """A choice's entry: which of how many options `player` picked, asked `prompt`."""
        self.record("choice", player=player, prompt=prompt, options=options, picked=picked)

    def changed(self, thing: Entity, prop: str, value: Any) -> None:
        """A property set (`set`): its entry."""
        self.record("set", thing=thing, prop=prop, value=value)

    def skip(self, what: str = "log") -> None:
        """A happening a simulation's log leaves out (not in REPLAY_NEEDS, not tallied): numbered,
        but no entry is made. Handlers call it for a `log` line whose text is never made."""
        if self.choosing is not None or self.recorded >= MAX_LOG:
            self.refuse(what)
        self.recorded += 1
        self.seq += 1

    def count(self, what: str, value: Any) -> None:
        """Counts a thing (not a player) picked or played by its definition id, a text picked as itself."""
        if value.__class__ is Entity:
            if value.kind != "player":
                self.tally["picked" if what == "choice" else "played", value.def_id] += 1
        elif what == "choice" and value.__class__ is str:
            self.tally["chosen", value] += 1

    def refuse(self, what: str) -> None:
        """Nothing may happen while an agent chooses, nor past the log's length limit."""
        if self.choosing is not None:
            # an agent may look at the game, not change it: what it did would be in the log, not in a replay
            raise AgentError(f"the agent of {self.choosing} changed the game while choosing (a `{what}` happened)")
        raise BudgetExceeded(f"the game log passed {MAX_LOG} entries")

    def touch(self, rules: Iterable[str]) -> None:
        self.touched.update(rules)
        for listener in _rule_listeners:
            listener(rules)

    def log_text(self, text: str) -> None:
        self.record("log", text=text)

    def lines(self) -> list[str]:
        """Each entry as a JSON line; a control character or override a ruleset logged is a JSON escape in it."""
        return [printable_json(json.dumps(e, ensure_ascii=False, separators=(",", ":"))) for e in self.entries]
