"""`rulecraft render`: SVG pictures of tokens on a hex board and board positions, read back as XML."""

import xml.etree.ElementTree as ET

import pytest

import rulecraft
from rulecraft.cli import main
from rulecraft.views.render import render_token

NS = {"svg": "http://www.w3.org/2000/svg"}


def svg_of(capsys, *argv):
    assert main(["render", *argv]) == 0
    return ET.fromstring(capsys.readouterr().out)


def features(root, style=None):
    out = []
    for el in root.iter():
        cls = el.get("class", "").split()
        if "feature" in cls and (style is None or style in cls):
            out.append((el.get("data-prop"), int(el.get("data-side")), int(el.get("data-value"))))
    return sorted(out)


def test_a_token_shows_its_edges_inlets_and_outlets(capsys):
    root = svg_of(capsys, "neuroshima", "token", "splitter")
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert features(root, "inlet") == [("inlet", 3, 1)]
    assert features(root, "outlet") == [("outlet", 0, 1), ("outlet", 2, 1), ("outlet", 4, 1)]
    assert [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "symbol"] == ["Sp"]


def test_attack_marks_armour_and_the_net(capsys):
    hq = svg_of(capsys, "neuroshima", "token", "hq_doomsday")
    assert features(hq, "bar") == [("melee", s, 1) for s in range(6)]
    gamma = svg_of(capsys, "neuroshima", "token", "shooter_gamma")
    assert features(gamma, "arrow") == [("ranged", 0, 1)]
    assert features(gamma, "shield") == [("armour", 0, 1)]
    netter = svg_of(capsys, "neuroshima", "token", "doom_netter")
    assert features(netter, "net") == [("net", 0, 1)]


def test_a_rotated_token_turns_its_features(capsys):
    root = svg_of(capsys, "neuroshima", "token", "shooter_alpha", "--rotation", "2")
    [token] = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "token"]
    assert token.get("data-rotation") == "2"
    [arrow] = [el for el in root.iter() if "arrow" in el.get("class", "")]
    points = [tuple(map(float, p.split(","))) for p in arrow.get("points").split()]
    cx = cy = 68.0  # the token's centre
    tip = points[0]
    assert tip[0] < cx
    assert tip[1] > cy  # it points south-west


def test_styles_can_be_given_on_the_command_line(capsys):
    root = svg_of(capsys, "neuroshima", "token", "medic", "--edge", "links=tick")
    assert features(root, "tick") == [("links", 0, 1)]
    assert features(root, "link") == []


def test_a_board_position_from_a_picture(tmp_path, capsys):
    picture = tmp_path / "position.txt"
    picture.write_text("   .   .   .\n  .  .  .  .\nSg→1 Of←1 Sp→1 . HQ→2\n  .  .  .  .\n   .   .   .\n", encoding="utf-8")
    root = svg_of(capsys, "neuroshima", "board", "--picture", str(picture))
    cells = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "cell"]
    tokens = {g.get("data-cell"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "token"}
    assert len(cells) == 19
    assert sorted(tokens) == ["c1", "c2", "c3", "c5"]
    assert tokens["c2"].get("data-rotation") == "3"
    assert tokens["c5"].get("data-owner") == "p2"


def test_a_board_from_a_played_scenario_shows_wounds(tmp_path, capsys):
    out = tmp_path / "duel.svg"
    assert main(["render", "neuroshima", "board", "--scenario", "duel", "--seed", "3", "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    tokens = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "token"]
    assert tokens
    badges = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "badge"]
    assert all(b.get("data-prop") == "wounds" and int(b.get("data-value")) > 0 for b in badges)


@pytest.mark.parametrize(("argv", "code", "message"), [
    (["neuroshima", "token", "nope"], 2, "error[E1003]: neuroshima has no definition 'nope'"),
    (["neuroshima", "token"], 2, "error[E1004]: render token needs a definition"),
    (["neuroshima", "board"], 2, "error[E1004]: render board needs --picture FILE or --scenario NAME"),
    (["neuroshima", "board", "--picture", "/no/such/file"], 2, "error[E1005]: cannot read the picture /no/such/file"),
    (["neuroshima", "board", "--scenario", "nope"], 2, "error[E1003]: no scenario 'nope' in neuroshima"),
    (["neuroshima", "token", "medic", "--edge", "links"], 2, "error[E1001]: --edge: 'links' is not PROP=STYLE"),
])
def test_bad_input_is_a_message_not_a_traceback(capsys, argv, code, message):
    assert main(["render", *argv]) == code
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_a_bad_picture_is_reported(tmp_path, capsys):
    picture = tmp_path / "bad.txt"
    picture.write_text("Zz→1 . .\n", encoding="utf-8")
    assert main(["render", "neuroshima", "board", "--picture", str(picture)]) == 2
    assert "rows" in capsys.readouterr().err


def test_the_svg_is_well_formed_xml_and_escapes_names():
    rules = rulecraft.compile_source('game "g" "G"\nkind piece { symbol: text = "", hits: list<int> = [] }\n'
                                     'piece odd "A & <B> \\"C\\"" { symbol: "<&>", hits: [2, 0, 0, 0, 0, 1] }\n', "g.rules")
    text = render_token(rules, "odd", 0, {"hits": "bar"})
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert text.endswith("</svg>\n")
    assert root.find("svg:title", NS).text == 'A & <B> "C"'
    [token] = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "token"]
    assert token.get("data-name") == 'A & <B> "C"'
    assert [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")] == ["2", "<&>"]  # the value 2, the symbol
    assert features(root, "bar") == [("hits", 0, 2), ("hits", 5, 1)]


def test_a_board_svg_parses_back_with_every_cell_and_token(tmp_path, capsys):
    picture = tmp_path / "position.txt"
    picture.write_text("   .   .   .\n  .  .  .  .\nSg→1 Of←1 Sp→1 . HQ→2\n  .  .  .  .\n   .   .   .\n", encoding="utf-8")
    root = svg_of(capsys, "neuroshima", "board", "--picture", str(picture))
    tokens = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "token"]
    assert [list(g.attrib)[:4] for g in tokens] == [["class", "data-cell", "data-owner", "data-name"]] * 4
    assert [g.find("svg:polygon", NS).get("class") for g in tokens] == ["hex"] * 4
