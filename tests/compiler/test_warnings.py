"""Warnings (compiler/usage.py): a declaration nothing uses (W0002: fn, const, event), an
assumption never read (W0003), an action no turn offers (W0001, also test_offered_actions.py).
Warnings never stop a compile; `check --warnings-as-errors` makes them errors."""

import json

import pytest

import rulecraft
from rulecraft.cli import main
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import bundled_ids, check_source, compile_source, compiled, folder_of

PLAY = 'scenario s "S" { players: ["a"]  round { for p in players() { play(p) } } }\n'


def warned(text: str) -> list[tuple[str, int, str]]:
    found = check_source('game "t" "T"\n' + text, "t.rules")
    assert found.errors == []
    return [(d.code, d.line, d.message) for d in found.sorted()]


# ---- W0002: a fn, const or event nothing uses ----------------------------------------------------


def test_a_fn_never_called_is_reported():
    assert warned(PLAY + "fn play(p: player) { }\nfn spare() -> int { return 1 }\n") == [
        ("W0002", 4, "fn `spare` is never called")]


def test_a_fn_called_from_a_test_a_trigger_or_another_fn_is_used():
    text = PLAY + ('fn play(p: player) { helper() }\nfn helper() { }\nfn tested() -> int { return 2 }\n'
                   'fn heard() { }\non round_start { heard() }\ntest "t" { expect tested() == 2 }\n')
    assert warned(text) == []


def test_only_the_first_of_a_chain_of_unused_fns_is_reported():
    """A fn called by an unused fn counts as used: removing the first shows the next."""
    assert warned(PLAY + "fn play(p: player) { }\nfn outer() { inner() }\nfn inner() { }\n") == [
        ("W0002", 4, "fn `outer` is never called")]


def test_an_exported_fn_and_a_fn_the_tools_call_by_name_are_not_reported():
    text = PLAY + 'fn play(p: player) { }\nexport fn for_mods() { }\nfn render_styles() -> list<text> { return [] }\n'
    assert warned(text) == []


def test_a_const_never_read_is_reported():
    assert warned(PLAY + "fn play(p: player) { }\nconst spare = 3\n") == [("W0002", 4, "const `spare` is never read")]


@pytest.mark.parametrize("use", [
    "fn play(p: player) { log \"{LIMIT}\" }",
    "fn play(p: player) { log \"{TWICE}\" }\nconst TWICE = [LIMIT, LIMIT]",
    "fn play(p: player) { }\nkind unit { hp: int = 1 }\nunit u \"U\" { hp: LIMIT }",
    "fn play(p: player) { }\nexport const UNUSED = 1\nconst BOTH = [UNUSED, LIMIT]\nfn f() -> int { return count(BOTH) }\n"
    "test \"f\" { expect f() == 2 }",
])
def test_a_const_read_in_a_body_a_const_or_a_definition_is_used(use):
    assert warned(PLAY + "const LIMIT = 3\n" + use + "\n") == []


def test_an_event_never_emitted_nor_listened_to_is_reported():
    assert warned(PLAY + "fn play(p: player) { }\nevent rang(p: player)\n") == [
        ("W0002", 4, "event `rang` is never emitted nor listened to")]


@pytest.mark.parametrize("use", [
    "fn play(p: player) { emit rang(p) }",
    "fn play(p: player) { }\non rang { log \"{p}\" }",
    "fn play(p: player) { }\nkind unit { hp: int = 1 }\nfn f(u: unit) { modify u.hp += 1 until rang }\n"
    "test \"f\" { f(first(all unit)) }",
])
def test_an_event_emitted_or_listened_to_is_used(use):
    assert warned(PLAY + "event rang(p: player)\n" + use + "\n") == []


def test_an_exported_event_is_not_reported():
    assert warned(PLAY + "fn play(p: player) { }\nexport event rang(p: player)\n") == []


# ---- W0003: an assumption never read -------------------------------------------------------------


def test_an_assumption_never_read_is_reported():
    assert warned(PLAY + 'fn play(p: player) { }\nassume hand_size: int = 5 "the rules do not say"\n') == [
        ("W0003", 4, "assumption `hand_size` is never read")]


@pytest.mark.parametrize("use", [
    'fn play(p: player) { log "{hand_size}" }',
    'fn play(p: player) { }\nkind unit { hp: int = 1 }\nunit u "U" { hp: hand_size }',
])
def test_an_assumption_read_in_a_body_or_a_definition_is_used(use):
    assert warned(PLAY + 'assume hand_size: int = 5 "the rules do not say"\n' + use + "\n") == []


def test_an_exported_assumption_is_not_reported():
    assert warned(PLAY + 'fn play(p: player) { }\nexport assume for_the_api: int = 1 "set by programs"\n') == []


def test_an_assumption_a_die_takes_its_faces_from_is_read():
    text = PLAY + ('fn play(p: player) { log "{roll d}" }\n'
                   'assume faces: list<list<int>> = [[1], [2]] "the printed die"\ndie d { faces from faces (n: int) }\n')
    assert warned(text) == []


# ---- W0001 with `export` ---------------------------------------------------------------------------


def test_an_exported_action_is_offered_from_outside():
    assert warned(PLAY + "fn play(p: player) { }\nexport action wave(p: player) { }\naction nod(p: player) { }\n") == [
        ("W0001", 5, "action `nod` is never offered in play")]


# ---- when warnings are looked for --------------------------------------------------------------------


def test_a_ruleset_without_scenarios_is_a_library_and_is_not_warned():
    assert warned("fn spare() { }\nconst c = 1\nevent e()\nassume a: int = 1 \"why\"\n") == []


def test_warnings_never_stop_a_compile():
    rules = compile_source('game "t" "T"\n' + PLAY + "fn play(p: player) { }\nfn spare() { }\n", "t.rules")
    assert "spare" in rules.callables


def write(folder, text):
    folder.mkdir(parents=True)
    (folder / "main.rules").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def base_and_mod(tmp_path):
    base = write(tmp_path / "arena", 'game "arena" "Arena"\n' + PLAY +
                 "fn play(p: player) { }\nfn for_the_mod() -> int { return 1 }\n")
    mod = write(tmp_path / "bonus", 'mod "arena/bonus" "Bonus" extends "arena"\n'
                'on round_start { log "{for_the_mod()}" }\nfn own_spare() { }\n')
    return base, mod


def codes(folders) -> list[tuple[str, str]]:
    diags = Diagnostics()
    assert compiled(folders, diags) is not None
    return [(d.code, d.message) for d in diags.sorted()]


def test_a_ruleset_is_warned_of_its_own_declarations_only(base_and_mod):
    """The base alone: its fn no play calls. With the mod: the mod calls it, and only the mod's
    own unused fn is reported."""
    base, mod = base_and_mod
    assert codes([base]) == [("W0002", "fn `for_the_mod` is never called")]
    assert codes([mod]) == codes([base, mod]) == [("W0002", "fn `own_spare` is never called")]


def test_load_does_not_raise_for_warnings(base_and_mod):
    base, _ = base_and_mod
    assert "for_the_mod" in rulecraft.load(str(base)).callables


# ---- the command line ----------------------------------------------------------------------------------


def test_check_shows_and_counts_warnings_and_exits_0(base_and_mod, capsys):
    base, _ = base_and_mod
    assert main(["check", str(base)]) == 0
    out = capsys.readouterr().out
    assert "warning[W0002]: fn `for_the_mod` is never called" in out
    assert out.splitlines()[-1] == "checked 1 ruleset: 1 compiled, 0 with errors, 1 warning"


def test_warnings_as_errors_exits_1(base_and_mod, capsys):
    base, _ = base_and_mod
    assert main(["check", str(base), "--warnings-as-errors"]) == 1
    out = capsys.readouterr().out
    assert "error[W0002]: fn `for_the_mod` is never called" in out
    assert out.splitlines()[-1] == "checked 1 ruleset: 1 compiled, 0 with errors, 1 warning (as errors)"


def test_warnings_as_errors_without_warnings_exits_0(tmp_path, capsys):
    clean = write(tmp_path / "clean", 'game "clean" "Clean"\n' + PLAY + "fn play(p: player) { }\n")
    assert main(["check", str(clean), "--warnings-as-errors"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "checked 1 ruleset: 1 compiled, 0 with errors, 0 warnings"


@pytest.mark.parametrize(("flags", "severity", "errors"), [([], "warning", 0), (["--warnings-as-errors"], "error", 1)])
def test_json_output_carries_warnings(base_and_mod, capsys, flags, severity, errors):
    base, _ = base_and_mod
    main(["check", str(base), "--output", "json", *flags])
    doc = json.loads(capsys.readouterr().out)
    assert [(d["code"], d["severity"], d["line"]) for d in doc["diagnostics"]] == [("W0002", severity, 4)]
    assert (doc["errors"], doc["warnings"]) == (errors, 1 - errors)


@pytest.mark.parametrize(("flags", "level"), [([], "warning"), (["--warnings-as-errors"], "error")])
def test_sarif_output_carries_warnings(base_and_mod, capsys, flags, level):
    base, _ = base_and_mod
    main(["check", str(base), "--output", "sarif", *flags])
    run = json.loads(capsys.readouterr().out)["runs"][0]
    assert [(r["ruleId"], r["level"]) for r in run["results"]] == [("W0002", level)]
    assert run["tool"]["driver"]["rules"] == [{"id": "W0002", "shortDescription": {
        "text": "a fn never called, a const never read, or an event never emitted nor listened to"}}]


# ---- the bundled rulesets ------------------------------------------------------------------------------


def test_the_bundled_rulesets_have_no_warnings():
    diags = Diagnostics()
    for rid in bundled_ids():
        assert compiled([folder_of(rid)], diags) is not None, rid
    assert [f"{d.span}: {d.code} {d.message}" for d in diags.items] == []
