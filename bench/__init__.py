"""Benchmarks for rulecraft: run `python -m bench` (see bench/README.md)."""
