"""What every game shares: refusals, the fold, words and languages. Imports no game and no Flask."""
