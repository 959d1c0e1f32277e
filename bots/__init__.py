"""Bot accounts (an account turned, once and for all, into a program's that plays through the
API: `api`, `services`, the daily cap between two bots in `limits`) and the reference bot
client (`bots.client`: only the public HTTP API and the engine). docs/api.md, "For programs"."""
