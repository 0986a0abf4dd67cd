"""The compiler: source text -> diagnostics + compiled Ruleset.

Stages, one module each, data flowing one way: parser (text -> Lark tree), build
(tree -> AST in nodes), check (names and types), lower (AST -> Python ast -> code),
driver (the pipeline) and loader (ruleset folders).
"""
