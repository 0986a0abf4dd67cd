"""After an unknown name, no error that only follows from it: the root error is reported, and
what the name would have brought (an event's parameters, a kind's properties, a whole base
ruleset) is taken as unknown rather than missing. Single files are in corpus/follow_on_*."""

from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import check_source, compiled

MOD = '''kind champion: warrior { glory: int = 1 }
warrior knight "Knight" { fight: 3 }
champion hero "Hero" { fight: 4, glory: 2 }
patch grunt { fight = 2 }
fn strength(c: champion) -> int { return c.fight + bonus(c) }
'''


def write(folder, text):
    folder.mkdir(parents=True)
    (folder / "main.rules").write_text(text, encoding="utf-8")
    return folder


def errors(folders) -> list[tuple[str, str, int]]:
    diags = Diagnostics()
    assert compiled(folders, diags) is None
    return [(d.code, d.message, d.line) for d in diags.sorted()]


def test_a_mod_extending_a_misspelt_ruleset_reports_that_alone(tmp_path):
    write(tmp_path / "arena", 'game "arena" "Arena"\nkind warrior { fight: int = 1 }\nwarrior grunt "Grunt" {}\n')
    mod = write(tmp_path / "champions", 'mod "champions" "Champions" extends "arnea"\n' + MOD)
    assert errors([mod]) == [("E0307", "no bundled ruleset `arnea` to extend", 1)]


def test_a_mod_loaded_onto_another_base_reports_that_alone(tmp_path):
    other = write(tmp_path / "other", 'game "other" "Other"\n')
    write(tmp_path / "arena", 'game "arena" "Arena"\nkind warrior { fight: int = 1 }\nwarrior grunt "Grunt" {}\n')
    mod = write(tmp_path / "champions", 'mod "champions" "Champions" extends "arena"\n' + MOD)
    assert errors([other, mod]) == [("E0307", "`champions` extends `arena`, which is not loaded before it", 1)]


def test_with_its_base_the_mod_compiles(tmp_path):
    base = write(tmp_path / "arena", 'game "arena" "Arena"\nkind warrior { fight: int = 1 }\nwarrior grunt "Grunt" {}\n'
                                     'fn bonus(w: warrior) -> int { return 1 }\n')
    mod = write(tmp_path / "champions", 'mod "champions" "Champions" extends "arena"\n' + MOD)
    assert compiled([mod], Diagnostics()) is not None
    assert compiled([base, mod], Diagnostics()) is not None


def test_an_error_that_does_not_follow_from_the_unknown_name_is_still_reported():
    text = 'game "t" "T"\nevent staged(stage: int)\non stage_set { log "{stage}"  let n = 1 + "two" }\n'
    assert [(d.code, d.line, d.column) for d in check_source(text, "t.rules").sorted()] == [
        ("E0104", 3, 4), ("E0201", 3, 43)]


def test_a_misspelt_name_in_a_trigger_of_a_known_event_is_still_reported():
    text = 'game "t" "T"\nevent staged(stage: int)\non staged { log "{stag}" }\n'
    assert [(d.code, d.message) for d in check_source(text, "t.rules").sorted()] == [("E0101", "unknown name `stag`")]
