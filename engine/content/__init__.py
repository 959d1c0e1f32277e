"""Game content declared as data: houses, court actions, cards, events, tasks, offices,
foundations, tokens. Each kind lives in one module; effects are named functions elsewhere."""
