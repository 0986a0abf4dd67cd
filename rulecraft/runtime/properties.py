"""Properties as they read now: the part `rt.properties`.

It takes the game (the `rt` an ability's modifier is computed with), the compiled ruleset, the
game's assumption values, the log (reading a definition's property marks its rules as run) and
the modifiers. It gives a thing's property changed by its abilities and then by `modify`, a
definition's own property (as printed), the fields every thing has, `x has ABILITY`,
`param_of`, and the kind tests `x is KIND` / `x as KIND`. It only reads: every change to a thing
is things.py's. A newcomer may add a way to read a property here; a stored value is never changed
in place (data.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import IllegalAction
from .history import History
from .modifiers import Modifiers, combine
from .ruleset import AssumedValue, Ruleset
from .state import Entity, to_json


class Properties:
    """Reading things' and definitions' properties, through abilities and the active modifiers."""

    def __init__(self, rt: Any, rules: Ruleset, assume: dict[str, Any], history: History, mods: Modifiers):
        self.rt = rt
        self.rules = rules
        self.assume = assume
        self.history = history
        self.mods = mods

    def get(self, e: Any, prop: str) -> Any:
        """A property of a thing as it reads now, or one of the fields every thing has."""
        if e is None:
            raise IllegalAction(f"cannot read `{prop}` of nothing")
        if prop in BUILTIN_FIELDS:
            return BUILTIN_FIELDS[prop](e)
        return self.effective(e, prop, e.props[prop])

    def prop(self, e: Entity, name: str) -> Any:
        """A declared property, as compiled handlers read it (the checker has ruled out built-in fields)."""
        try:
            props = e.props
        except AttributeError:
            return _loose_prop(e, name)
        return self.effective(e, name, props[name])

    def effective(self, e: Entity, prop: str, base: Any) -> Any:
        """A stored value as it reads now: changed by the thing's abilities, then by `modify`."""
        if prop in self.rules.ability_modifiers:
            base = self.by_abilities(e, prop, base)
        if self.mods.active:
            return self.mods.apply(e.id, prop, base)
        return base

    def by_abilities(self, e: Entity, prop: str, base: Any) -> Any:
        """The property as the thing's abilities change it (`modify` in an ability), in the
        abilities' declaration order; the modifiers of `modify` statements apply after these."""
        if "abilities" not in e.props:
            return base
        value = base
        for m in self.rules.ability_modifiers[prop]:
            if self.has_ability(e, m.ability):
                by = m.func(self.rt, *(self.ability_param(e, m.ability, p) for p in m.params))
                value = combine(m.op, value, by)
        return value

    def cast(self, value: Any, kind: str) -> Any:
        """`value as KIND`: the value itself, if it is a thing of that kind (or none)."""
        if value is None or (isinstance(value, Entity) and value.kind in self.rules.descendants.get(kind, ())):
            return value
        raise IllegalAction(f"{to_json(value)!r} is not a {kind}")

    def is_a(self, value: Any, kind: str) -> bool:
        """`value is KIND`: whether it is a thing of that kind (or of a subkind)."""
        return isinstance(value, Entity) and value.kind in self.rules.descendants.get(kind, ())

    def has_ability(self, x: Any, ability: str) -> bool:
        """`x has NAME`: a thing (its abilities as modified now) or a definition (as printed);
        none, and a thing whose kind keeps no `abilities`, have none."""
        if isinstance(x, Entity):
            return "abilities" in x.props and ability in self.prop(x, "abilities")
        definition = self.rules.definitions.get(x) if isinstance(x, str) else None
        if definition is None or "abilities" not in self.rules.kind_defaults(definition.kind):
            return False
        abilities = self.defprop(x, "abilities")
        return isinstance(abilities, list) and ability in abilities

    def ability_param(self, e: Any, ability: str, param: str) -> Any:
        """`param_of(x, ABILITY, PARAM)`: the argument x's definition gave the ability
        (`abilities: [NAME(2)]`), else the parameter's default."""
        if not isinstance(e, Entity):
            raise IllegalAction(f"`param_of` reads a thing's ability, not {e!r}")
        given = self.rules.ability_args.get(e.def_id, {}).get(ability, {})
        if param in given:
            return given[param]
        defaults = self.rules.ability_defaults.get(ability, {})
        if param in defaults:
            return defaults[param]
        raise IllegalAction(f"{e.name} was given no `{param}` for ability `{ability}`")

    def defprop(self, def_id: str, name: str) -> Any:
        """A property of a definition itself (as printed), without an instance: reading it executes the
        definition's own rules, as making one does."""
        d = self.rules.definitions.get(def_id)
        if d is None:
            raise IllegalAction(f"there is no definition `{def_id}`")
        if d.data_rules:
            self.history.touch(d.data_rules)
        if name in d.props:
            value = d.props[name]
            return self.assume[value.assumption] if isinstance(value, AssumedValue) else value
        if name == "name":
            return d.name
        return self.rules.field_default(d.kind, name)


def _loose_prop(value: Any, name: str) -> Any:
    """`x.name` where the checker could not know what `x` is (typed `any`): a die face, or a mistake."""
    if isinstance(value, dict) and name in value:
        return value[name]
    if value is None:
        raise IllegalAction(f"cannot read `{name}` of nothing (the value is none)")
    raise IllegalAction(f"{to_json(value)!r} has no `{name}`")


BUILTIN_FIELDS: dict[str, Callable[[Any], Any]] = {
    "id": lambda e: e.id,
    "name": lambda e: e.name,
    "def": lambda e: e.def_id,
    "kind": lambda e: e.kind,
    "owner": lambda e: e.owner,
    "location": lambda e: e.location,
    "face_down": lambda e: e.face_down,
    "alive": lambda e: e.alive,
}
