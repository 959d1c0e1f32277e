"""Event streams for programs: newline-delimited JSON over plain HTTP, so a program needs no
websocket (docs/api.md, "Streams"). Async views fed by the channel layer: a stream is a task
waiting on its channel, not a thread."""
