#!/usr/bin/env bash
# Install what the tests need and run every test: Debian's chromium (if missing), the Python dev
# dependencies listed in pyproject.toml, the npm packages; then build the site, lint, and run
# pytest over tests/ (engines) and e2e/ (the built site in headless Chromium), on two workers.
# Non-interactive (CI runs it through .ci/run). Extra arguments go to pytest.
set -uo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1

step() { echo; echo "=== $* ==="; }
die() { echo "test.sh: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }

step "chromium"
if [ ! -x /usr/bin/chromium ]; then
  as_root apt-get update -qq || die "apt-get update failed"
  as_root apt-get install -y -qq chromium >/dev/null || die "could not install chromium"
fi
/usr/bin/chromium --version 2>/dev/null || die "/usr/bin/chromium does not run"

step "python packages"
mapfile -t DEV_DEPS < <(python3 -c '
import tomllib
with open("pyproject.toml", "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["dev"]))
') || die "cannot read the dev dependencies from pyproject.toml"
[ "${#DEV_DEPS[@]}" -gt 0 ] || die "pyproject.toml lists no dev dependencies"
echo "${DEV_DEPS[*]}"
if ! python3 -m pip install -q "${DEV_DEPS[@]}"; then
  # A system Python (PEP 668) refuses plain installs; this machine is the project's own.
  python3 -m pip install -q --break-system-packages "${DEV_DEPS[@]}" || die "pip install failed"
fi

step "npm packages"
command -v npm >/dev/null 2>&1 || { as_root apt-get update -qq && as_root apt-get install -y -qq nodejs npm; } \
  || die "npm is missing and could not be installed"
npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed"

step "build"
python3 tools/build.py || die "the build failed"

status=0
step "ruff"
python3 -m ruff check py web tests e2e bench tools || status=1

step "pytest"
# Two workers (pytest-xdist; RAILTABLE_TEST_WORKERS=0 runs in one process): the engine tests are
# CPU-bound and each browser test boots its own fresh profile, so a 2-core machine runs them about
# twice as fast side by side. A test file stays on one worker (its module fixtures are shared).
workers="${RAILTABLE_TEST_WORKERS:-2}"
if [ "$workers" = 0 ]; then parallel=(); else parallel=(-n "$workers" --dist loadfile); fi
python3 -m pytest tests e2e "${parallel[@]}" --durations=20 "$@"
code=$?
# Nothing is printed after pytest's closing line unless something failed.
if [ "$code" = 5 ]; then
  echo "test.sh: pytest collected no test at all" >&2
  exit 1
elif [ "$code" != 0 ]; then
  exit "$code"
elif [ "$status" != 0 ]; then
  echo "test.sh: ruff found problems (see above)" >&2
fi
exit "$status"
