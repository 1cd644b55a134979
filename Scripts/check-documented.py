#!/usr/bin/env python3
"""Lists the public symbols of symbol graphs that have no documentation comment and exits 1
when there is any (DocC itself does not warn about them). Symbols whose documentation comes
from the protocol requirement they implement (sourceOrigin) and compiler-synthesized ones
(no source location) count as documented.

Usage: check-documented.py <symbol-graph-dir> [module]
"""
import json, os, sys

directory = sys.argv[1]
module = sys.argv[2] if len(sys.argv) > 2 else None
missing = []
for name in sorted(os.listdir(directory)):
    if not name.endswith(".symbols.json") or (module and not name.startswith(module)):
        continue
    with open(os.path.join(directory, name)) as handle:
        graph = json.load(handle)
    for symbol in graph.get("symbols", []):
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if symbol.get("docComment") or symbol.get("sourceOrigin") or "location" not in symbol:
            continue
        location = symbol["location"]
        path = location["uri"].replace("file://", "")
        path = os.path.relpath(path) if path.startswith("/") else path
        line = location["position"]["line"] + 1
        title = ".".join(symbol["pathComponents"])
        missing.append(f"{path}:{line}: warning: public '{title}' has no documentation comment")
for line in sorted(set(missing)):
    print(line)
if missing:
    print(f"{len(set(missing))} undocumented public symbols", file=sys.stderr)
    sys.exit(1)
