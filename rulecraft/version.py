"""The version of rulecraft: one number, read by the command line (`--version`, SARIF), the
compiled-ruleset cache (an entry is for one version) and the language server. Change it here."""

__version__ = "0.1.0"
