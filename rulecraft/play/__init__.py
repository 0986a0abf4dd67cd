"""play: games played to be counted. A scenario found by name and one game of it played by agents
(scenarios.py), many seeded games in a process pool or on a Dask cluster (simulate.py,
cluster.py, progress on stderr: progress.py), the same games without and with mods compared
(balance.py), and the statistics they report (statistics.py: Wilson intervals, z- and t-tests).

The engines take plain values (a ruleset, a scenario, agent specs, seeds) and give dicts, the
JSON the commands print. May import: runtime, compiler, inputs, agents.
"""
