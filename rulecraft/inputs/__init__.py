"""inputs: what comes from outside, read with its positions: YAML documents with line and column
(documents.py) and the JSON Schemas they are checked against (schemas/, conforms.py checks a
document without loading jsonschema), values of declared types from text (values.py), the other
names of definitions (names.py), NAME=VALUE items, assumption overrides, query arguments,
rulesets and scenarios named on a command line (given.py: UsageError, exit 2), and the rule
catalogues with what a test run recorded (catalogue.py).

Every problem is a Diagnostic with a code and, where the input has one, its file:line:col.
May import: runtime, compiler. A newcomer adds here a kind of input that several packages read.
"""
