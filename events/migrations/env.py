"""Alembic's entry: runs the history on the connection `events.migrate` hands over (never a
URL of its own), so the caller decides the transaction, the lock and the copy to restore."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    render_as_batch=True,  # SQLite changes a table by copying it: batch mode
    transactional_ddl=True,  # in the caller's one transaction, on either database
    transaction_per_migration=False,
)
with context.begin_transaction():
    context.run_migrations()
