"""The state depends on the rules modules, not the reverse (issue 9 "Left from the last review": the
import cycle between trains/state.py, effects.py and scoring.py is broken)."""

import ast
from pathlib import Path

import railtable.trains as trains

PACKAGE = Path(trains.__file__).parent


def imported(module: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out.add(node.module or "")
            out.update(a.name for a in node.names if not node.module)
    return out


def test_no_rules_module_imports_the_state():
    for module in ("effects", "scoring", "table", "messages", "cards", "board", "zones"):
        assert "state" not in imported(module), module
    assert {"effects", "scoring"} <= imported("state")
