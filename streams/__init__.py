"""Event streams for programs: newline-delimited JSON over plain HTTP, so a program needs no
websocket (docs/api.md, "Streams"). Async views fed by the channel layer: a stream waits on its
channel. (Django's ASGI handler still keeps one idle thread per open request: docs/api.md,
"Streams", has the figures.)"""
