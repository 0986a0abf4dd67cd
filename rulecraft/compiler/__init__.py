"""The compiler: source text -> diagnostics + compiled Ruleset.

Stages, one module each, data flowing one way; every stage reports into one Diagnostics:

- parser:  source text -> Lark parse tree (syntax errors in the language's own words)
- build:   parse tree -> AST (nodes: frozen dataclasses with spans)
- symbols: `collect(modules)` -> Symbols, the table of every declaration, mods' patches pending
- defaults: `give_defaults(Symbols)` -> each definition with its file's defaults and its inline
            assumptions (`wounds: 3 assumed "why"`) declared as assumptions
- mods:    `apply_mods(Symbols)` -> a new Symbols with the mods' changes applied
- check:   `check(Symbols)` -> Resolution (resolved: typed records of what each name, call and
           property read refers to, each expression's type, each constant's value); the
           declaration checker hands bodies to bodies.BodyChecker, sharing a context.CheckContext
- usage:   after a check without errors, warnings of what the ruleset declares and never uses
- facts:   analyse(Resolution, bodies) -> Facts: what lowering may leave out (checks, guards,
           calls), keyed by node; with optimise/ (fns with loops written into their callers,
           loops over constant lists unrolled, guards that ranges prove useless dropped)
- lower:   Lowerer(Resolution, Facts): bodies -> Python `ast` functions -> code objects; each
           lowering call returns its handler's name (code generation only: it reads the facts)
- driver:  the pipeline (parse_module, check_modules, compile_modules) -> runtime Ruleset
- loader:  ruleset folders, their bases and mods -> modules for the driver
"""
