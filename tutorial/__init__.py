"""The guided first game (issue 28): a game against the computer from a searched seed whose
line meets each lesson in turn; the client offers only the scripted move (docs/tutorial.md)."""
