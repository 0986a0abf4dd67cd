"""The rule-mutation score of `rulecraft mutate` (points: what to mutate; run: the workers; score:
the report; explained: the mutants explained as equivalent). The command: rulecraft/cli/authoring.py."""
