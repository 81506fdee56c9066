"""One package per game: its rules, story, words, screens and web."""
