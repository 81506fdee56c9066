"""Firenze: rules, board, words, forms and web."""
