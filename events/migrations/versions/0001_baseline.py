"""The tables of release 0.1.0, exactly as its `create_all` made them.

A database 0.1.0 made has some or all of them and no revision: each table is made here only
where it is missing (0.1.0 made each as the code that used it first opened the database), so
running this on such a database stamps it at the baseline without touching what it holds.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# The timestamp type of 0.1.0's tables: DATETIME on SQLite, TIMESTAMP WITH TIME ZONE on
# PostgreSQL (events.models.UTCDateTime and the club's, counts' and presence's columns).
WHEN = sa.DateTime(timezone=True)


def _tables() -> dict[str, tuple]:
    return {
        "games": (
            sa.Column("id", sa.String(64), nullable=False),
            sa.Column("created_at", WHEN, nullable=False),
            sa.Column("meta", sa.JSON(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        ),
        "events": (
            sa.Column("game_id", sa.String(64), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False, autoincrement=False),
            sa.Column("id", sa.String(64), nullable=False),
            sa.Column("type", sa.String(64), nullable=False),
            sa.Column("payload", sa.JSON(), nullable=False),
            sa.Column("by", sa.String(64), nullable=False),
            sa.Column("at", WHEN, nullable=False),
            sa.PrimaryKeyConstraint("game_id", "seq"),
            sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
            sa.UniqueConstraint("id"),
        ),
        "snapshots": (
            sa.Column("game_id", sa.String(64), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False, autoincrement=False),
            sa.Column("state", sa.JSON(), nullable=False),
            sa.Column("saved_at", WHEN, nullable=False),
            sa.PrimaryKeyConstraint("game_id", "seq"),
            sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        ),
        "club_games": (
            sa.Column("game_id", sa.String(64), nullable=False),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("players", sa.Integer(), nullable=False),
            sa.Column("expansions", sa.String(200), nullable=False),
            sa.Column("solo", sa.Boolean(), nullable=False),
            sa.Column("left_out", sa.Boolean(), nullable=False),
            sa.Column("finished_at", WHEN, nullable=False),
            sa.Column("record", sa.JSON(), nullable=False),
            sa.PrimaryKeyConstraint("game_id"),
        ),
        "club_totals": (
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("players", sa.Integer(), nullable=False, autoincrement=False),
            sa.Column("expansions", sa.String(200), nullable=False),
            sa.Column("solo", sa.Boolean(), nullable=False),
            sa.Column("totals", sa.JSON(), nullable=False),
            sa.Column("version", sa.Integer(), nullable=False),
            sa.PrimaryKeyConstraint("game", "players", "expansions", "solo"),
        ),
        "count_checks": (
            sa.Column("game_id", sa.String(64), nullable=False),
            sa.Column("track", sa.String(8), nullable=False),
            sa.Column("by", sa.String(8), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False),
            sa.Column("at", WHEN, nullable=False),
            sa.PrimaryKeyConstraint("game_id", "track"),
        ),
        "counts": (
            sa.Column("game_id", sa.String(64), nullable=False),
            sa.Column("track", sa.String(8), nullable=False),
            sa.Column("seat", sa.Integer(), nullable=False, autoincrement=False),
            sa.Column("amount", sa.Integer(), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False),
            sa.Column("marked", sa.Integer(), nullable=True),
            sa.Column("at", WHEN, nullable=False),
            sa.PrimaryKeyConstraint("game_id", "track", "seat"),
        ),
        "presence": (
            sa.Column("game_id", sa.String(64), nullable=False),
            sa.Column("seat", sa.Integer(), nullable=False, autoincrement=False),
            sa.Column("process", sa.String(160), nullable=False),
            sa.Column("streams", sa.Integer(), nullable=False),
            sa.Column("seen_at", WHEN, nullable=False),
            sa.PrimaryKeyConstraint("game_id", "seat", "process"),
        ),
    }


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    for name, parts in _tables().items():
        if name not in existing:
            op.create_table(name, *parts)


def downgrade() -> None:
    for name in reversed(list(_tables())):
        op.drop_table(name)
