"""The reference bot client: a program that plays Dwaalhof through the public HTTP API only
(`python -m bots.client --url … --token … --level strong`), choosing its moves with the
engine's computer levels. It imports no Django and none of the site: only the standard
library and the pure `engine` package. docs/api.md, "For programs".

Modules, in the direction of their imports: `world` (a seat's view as an engine state),
`choose` (a level's move among the legal moves the server sent), `http` (the requests),
`stream` (a game's ndjson stream, resumed with `since`), `play` (one game from start to
end, and creating, joining or seeking one), `__main__` (the command line)."""
