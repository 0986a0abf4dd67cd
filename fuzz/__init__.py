"""Fuzzing the inputs strangers write: rules, decks, card pools, `--set` values, replay logs.

`targets.TARGETS` names each input reader, its seed corpus (the bundled files) and what it may
answer; `mutate` makes new inputs from the corpus; `python -m fuzz --seconds N` (`make fuzz`)
runs for N seconds and stores each new crash in `fuzz/regressions/`, which the test suite
(`tests/fuzz/`) replays, together with a short, deterministic slice of mutations.
"""
