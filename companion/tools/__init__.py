"""Tools for the message catalogs, used by the build and the Makefile."""
