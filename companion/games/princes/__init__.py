"""The Princes of Florence: rules (one module per expansion), story, teaching, catalog, words, screens and web."""
