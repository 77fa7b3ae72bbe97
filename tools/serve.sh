#!/usr/bin/env bash
# Set up and serve Railtable locally: installs the npm packages (Pyodide, PyScript) exactly as
# package-lock.json pins them, builds the static site into dist/ and serves it on 127.0.0.1.
# Usage: bash tools/serve.sh        (port 8000; PORT=9000 bash tools/serve.sh for another one)
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "serve: npm is missing; installing Debian's nodejs and npm"
    apt-get update -qq && apt-get install -y -qq nodejs npm
  else
    echo "serve: npm is missing; install Node.js (with npm) first" >&2
    exit 1
  fi
fi

echo "serve: installing npm packages (npm ci)"
npm ci --no-audit --no-fund --loglevel=error
python3 tools/build.py
exec python3 tools/serve.py --port "${PORT:-8000}"
