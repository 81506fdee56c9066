"""The Princes' blueprints: thin routes over the screens."""
