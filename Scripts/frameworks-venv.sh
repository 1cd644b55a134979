#!/usr/bin/env bash
# Creates the virtual environment of the real-framework round trips (Tests/FastAPIRoundTripTests):
# every Python web framework of Tests/Fixtures/<framework>/requirements.txt (FastAPI, Litestar, Django Ninja,
# Django REST framework with drf-spectacular, flask-smorest, …) and its server, at the versions pinned there, in one
# environment, .build/frameworks-venv (or $1). The
# frameworks share dependencies, so their pins must agree (pip refuses a conflict). Does nothing when
# the environment already has exactly those versions.
#   Scripts/frameworks-venv.sh [venv folder]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-.build/frameworks-venv}"
requirements=(Tests/Fixtures/*/requirements.txt)
stamp="$venv/.requirements"
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cat "${requirements[@]}" | cmp -s "$stamp" -; then
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
arguments=()
for file in "${requirements[@]}"; do arguments+=(-r "$file"); done
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "${arguments[@]}"
# django-ninja, DRF and drf-spectacular read the Django settings when imported, so they are only looked up here.
"$venv/bin/python" -c "import fastapi, litestar, django, uvicorn, multipart, flask_smorest, importlib.util
for name in ('ninja', 'rest_framework', 'drf_spectacular'): assert importlib.util.find_spec(name), name"
cat "${requirements[@]}" >"$stamp"
echo "Framework environment ready: $venv ($("$venv/bin/python" -c '
from importlib.metadata import version
print(", ".join(name + " " + version(name) for name in ("fastapi", "litestar", "django-ninja", "django", "djangorestframework", "drf-spectacular",
                                        "flask-smorest")))'))"
