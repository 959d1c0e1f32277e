"""Benchmarks (`make bench`): they print figures and assert nothing. Not a runtime package."""
