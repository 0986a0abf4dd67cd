"""authoring: tools for people writing rulesets. The formatter (fmt.py), the language server
(lsp/), the rule-mutation score (mutation/), the pytest plugin that records which catalogue
rules each test executed (testing.py) and the rule coverage report (coverage.py).

May import every package but rulecraft/cli/ (the language server shows the reference's words:
reference.language, reference.syntax).
"""
