"""Wheel build hook: compile the message catalogs (.po -> .mo) so the wheel ships them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        # The one compiler (companion/tools/compile_messages.py), loaded by path: the build
        # environment has babel but not this project's other dependencies.
        path = Path(self.root) / "companion" / "tools" / "compile_messages.py"
        spec = importlib.util.spec_from_file_location("palazzo_compile_messages", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.compile_all(only_stale=False)
