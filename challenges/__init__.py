"""Challenges: one player asks another for a game with a time control; the other accepts
(the game starts), declines with a reason, or lets it expire; the challenger may cancel.
docs/api.md, "Challenges"."""
