"""What the Princes' screens show, built in plain Python (no routes)."""
