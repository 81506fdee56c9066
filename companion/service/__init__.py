"""The table service, the registry of games, join tokens and the instance folder: no game's names, no Flask."""
