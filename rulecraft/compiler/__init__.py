"""The compiler: source text -> diagnostics + compiled Ruleset.

Stages, one module each, data flowing one way: parser (text -> Lark tree), build
(tree -> AST in nodes), symbols (every declaration filed; mods applied by mods), check
(types and declarations) with bodies (statements and expressions), lower (AST -> Python
ast -> code), driver (the pipeline) and loader (ruleset folders, bases and mods).
"""
