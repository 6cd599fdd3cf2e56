"""Renderers take the parsed map from their caller: they never import the map loader, the bot,
Discord or the database."""

from __future__ import annotations

import ast
from pathlib import Path

import renderers

FORBIDDEN = ("maps", "bot", "discord", "aiosqlite")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_renderers_import_nothing_forbidden() -> None:
    root = Path(renderers.__file__).parent
    files = sorted(root.rglob("*.py"))
    assert len(files) > 5
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            assert top not in FORBIDDEN, f"{path.relative_to(root)} imports {name}"
