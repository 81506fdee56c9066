"""Each stored event says which version of its shape it was written in (`v`).

Every event stored before it was written in the first shape: 1. A game's upcasters
(`Game.upcasters`, companion/core/versions.py) turn an older version into the current one as
the log is read; the rows are never rewritten.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("v", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("v")
