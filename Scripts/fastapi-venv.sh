#!/usr/bin/env bash
# Creates the virtual environment of the real-framework round trip (Tests/FastAPIRoundTripTests):
# FastAPI, uvicorn and python-multipart at the versions pinned in Tests/Fixtures/fastapi/requirements.txt,
# in .build/fastapi-venv (or $1). Does nothing when the environment already has exactly those versions.
#   Scripts/fastapi-venv.sh [venv folder]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-.build/fastapi-venv}"
requirements="Tests/Fixtures/fastapi/requirements.txt"
stamp="$venv/.requirements"
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -r "$requirements"
"$venv/bin/python" -c "import fastapi, uvicorn, multipart"
cp "$requirements" "$stamp"
echo "FastAPI environment ready: $venv ($("$venv/bin/python" -c 'import fastapi; print("fastapi", fastapi.__version__)'))"
