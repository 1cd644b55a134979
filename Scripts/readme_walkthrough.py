#!/usr/bin/env python3
"""Turns one walkthrough of README.md into a bash script that follows it literally.

A walkthrough is the sequence of fenced blocks that follow markers (HTML comments, invisible on
GitHub) of the form

    <!-- walkthrough NAME: run -->           the next fenced block's lines run as written
    <!-- walkthrough NAME: file PATH -->     the next fenced block is saved as PATH (folders created)

in the order they appear. PATH is relative to the directory the walkthrough is in at that point
(a `cd` in a run block carries over). Usage: readme_walkthrough.py README.md NAME > steps.sh
Exits 1 when the walkthrough has no steps or a marker is not followed by a fenced block, so a
README that loses its markers fails the check instead of passing it vacuously.
"""

import re
import sys

MARKER = re.compile(r"^<!-- walkthrough ([\w-]+): (run|file (\S+)) -->$")


def steps(markdown, name):
    lines = markdown.split("\n")
    found = []
    index = 0
    while index < len(lines):
        match = MARKER.match(lines[index].strip())
        index += 1
        if not match or match.group(1) != name:
            continue
        if index >= len(lines) or not lines[index].startswith("```"):
            raise SystemExit(f"README.md:{index}: walkthrough marker not followed by a fenced block")
        start = index + 1
        end = start
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        if end == len(lines):
            raise SystemExit(f"README.md:{index + 1}: fenced block never closed")
        found.append((match.group(2).split(" ")[0], match.group(3), lines[start:end], index + 1))
        index = end + 1
    return found


def script(found):
    out = ["set -euo pipefail"]
    for kind, path, body, line in found:
        out.append(f"echo '== README.md:{line}: {kind}{' ' + path if path else ''}'")
        if kind == "file":
            out.append(f"mkdir -p \"$(dirname '{path}')\"")
            out.append(f"cat > '{path}' <<'README_WALKTHROUGH_EOF'")
            out.extend(body)
            out.append("README_WALKTHROUGH_EOF")
        else:
            for command in body:
                if command.strip() and not command.lstrip().startswith("#"):
                    out.append(f"echo '$ {command.replace(chr(39), chr(39) + chr(92) + chr(39) + chr(39))}'")
                out.append(command)
    return "\n".join(out) + "\n"


def main():
    readme, name = sys.argv[1], sys.argv[2]
    with open(readme, encoding="utf-8") as handle:
        found = steps(handle.read(), name)
    if not found:
        raise SystemExit(f"{readme}: no walkthrough '{name}' (markers <!-- walkthrough {name}: ... -->)")
    sys.stdout.write(script(found))


if __name__ == "__main__":
    main()
