"""The club's tables say which kind of play a finished game was (`kind`), not whether it was solo.

A Boolean `solo` column was one game's notion written into the platform's tables: the Princes'
games against Wolfgang. Each game now names the kinds of play its figures keep apart (its
stats' `bucket`): '' for its ordinary play, any word of its own for another ('solo' for the
Princes' solo games, as the rows that were solo become). `club_totals` keeps one row per game,
player count, expansions and kind.

Both tables are derived (summed from the logs as games finish); the rows are converted, never
dropped, and the log is not touched. SQLite changes a primary key by copying the table (batch
mode, in the upgrade's one transaction); PostgreSQL alters it in place.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

KEY = ("game", "players", "expansions")  # club_totals' primary key, before the kind of play
SOLO = "solo"  # what a row that was solo becomes: the one kind the old column could say


def _new_key(name: str, new: str, old: str, kind) -> None:
    """`name`'s primary key made of KEY and `new` instead of `old`, `old` dropped. PostgreSQL
    alters its named key in place; SQLite's is unnamed and its table copied: `new` is read as
    a key column as the copy is made (so the copy's key is KEY and `new`, in that order)."""
    pk = sa.inspect(op.get_bind()).get_pk_constraint(name).get("name")
    column = sa.Column(new, kind, primary_key=True, nullable=False)
    with op.batch_alter_table(name, reflect_args=() if pk else (column,)) as batch:
        if pk:
            batch.drop_constraint(pk, type_="primary")
        batch.alter_column(new, server_default=None)
        batch.drop_column(old)
        if pk:
            batch.create_primary_key(pk, [*KEY, new])


def upgrade() -> None:
    for name in ("club_games", "club_totals"):
        with op.batch_alter_table(name) as batch:
            batch.add_column(sa.Column("kind", sa.String(32), nullable=False, server_default=""))
        op.execute(sa.text(f"UPDATE {name} SET kind = '{SOLO}' WHERE solo"))
    with op.batch_alter_table("club_games") as batch:
        batch.alter_column("kind", server_default=None)
        batch.drop_column("solo")
    _new_key("club_totals", "kind", "solo", sa.String(32))


def downgrade() -> None:
    """Back to the Boolean (`restore` takes an empty database down to an older backup's
    revision): a row of any other kind than solo would be taken for ordinary play."""
    for name in ("club_games", "club_totals"):
        with op.batch_alter_table(name) as batch:
            batch.add_column(sa.Column("solo", sa.Boolean(), nullable=False, server_default="0"))
        op.execute(sa.text(f"UPDATE {name} SET solo = (kind = '{SOLO}')"))
    with op.batch_alter_table("club_games") as batch:
        batch.alter_column("solo", server_default=None)
        batch.drop_column("kind")
    _new_key("club_totals", "solo", "kind", sa.Boolean())
