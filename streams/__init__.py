"""Event streams for programs: newline-delimited JSON over plain HTTP, so a program needs no
websocket (docs/api.md, "Streams"): a game's, and the account's. Channels HTTP consumers
(streams.consumers) fed by the channel layer, routed before the Django app: an open stream
waits on its channel and holds no thread."""
