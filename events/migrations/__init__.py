"""The database's one migration history (Alembic): every table Palazzo keeps, the log's and
the platform's and the games' alike, from the 0.1.0 tables (0001) on. `events.migrate` runs
it; nothing else changes a table's shape."""
