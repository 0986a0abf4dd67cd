import pytest


@pytest.mark.rules("TI-033")
def test_biohazard_destroys_the_first_ground_force_that_lands(galaxy):
    s = galaxy.system()
    pl = galaxy.planet("lodor", s, counter="biohazard")
    forces = galaxy.units("ground_force", 3, s, galaxy.a)
    galaxy.act("invade", galaxy.a, pl, 3)
    assert not forces[0].alive
    assert [f.alive for f in forces[1:]] == [True, True]
