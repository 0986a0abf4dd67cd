"""Fuzzing the inputs strangers write: rules, decks, card pools, `--set` values, replay logs, the
programs a ruleset runs (what they grow to), exact-odds queries, `fmt`, the deck page's requests
and the language server's messages.

`targets.TARGETS` names each input reader, its seed corpus (the project's files) and what it may
answer; `mutate` makes new inputs from the corpus; `python -m fuzz --seconds N` (`make fuzz`)
runs for N seconds and stores each new crash in `fuzz/regressions/`, which the test suite
(`tests/fuzz/`) replays, together with a short, deterministic slice of mutations. `programs`
makes a rules program of any bytes, `wire` feeds bytes to the two servers without a socket, and
`python -m fuzz.attacks` measures one minimal input of each class of hostile input.
"""
