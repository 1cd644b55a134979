#!/usr/bin/env bash
# Builds Examples/BookstoreExample the way a user would (the build-tool plugin generates the
# client from bookstore.specwright.yaml), then checks what the plugin promises:
#   1. a rebuild without changes runs no generation step (incremental);
#   2. a spec error fails `swift build` with the diagnostic at the spec's file:line:col;
#   3. fixing the spec regenerates and builds again;
#   4. the command plugin writes the same files into the target's Generated/ folder, and its
#      --check passes on them and fails (with a located error) once one is edited;
#   5. the demo executable talks to the fixture server.
# Run by .ci/run after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../Examples/BookstoreExample"
spec=Sources/BookstoreAPI/bookstore.specwright.yaml
log=$(mktemp)
restore() { git checkout -- "$spec" 2>/dev/null || true; rm -rf "$log" Sources/BookstoreAPI/Generated; }
trap restore EXIT

echo "== example: build"
swift build 2>&1 | tee "$log" | grep -E "error|warning:|Generating|Build complete" || true
grep -q "Build complete" "$log" || { cat "$log"; exit 1; }

echo "== example: rebuild without changes runs no generation step"
# SwiftPM 6.3 links the plugin's tool in two build plans, so the first rebuild after a fresh
# build relinks it once (and so reruns the tool, which then writes nothing: outputs unchanged).
# From then on an unchanged spec runs no generation step; that is what is checked.
swift build >"$log" 2>&1 || { cat "$log"; exit 1; }
swift build >"$log" 2>&1 || { cat "$log"; exit 1; }
if grep -q "Generating Swift client" "$log"; then cat "$log"; echo "regenerated without a change"; exit 1; fi

echo "== example: a spec error fails the build at the spec's line"
target=$(readlink -f "$spec")
cp "$target" "$spec.tmp" && rm "$spec" && mv "$spec.tmp" "$spec"   # a real file, not the link into specs/
sed -i 's/^      response: Book$/      response: Bok/' "$spec"
if swift build >"$log" 2>&1; then cat "$log"; echo "a broken spec built"; exit 1; fi
grep -E "bookstore\.specwright\.yaml:[0-9]+:[0-9]+: error: unknown type 'Bok' \(did you mean 'Book'\?\)" "$log" \
  || { cat "$log"; echo "no located diagnostic"; exit 1; }
git checkout -- "$spec"

echo "== example: fixed spec regenerates and builds"
swift build >"$log" 2>&1 || { cat "$log"; exit 1; }
grep -q "Generating Swift client" "$log" || { cat "$log"; echo "no regeneration after the fix"; exit 1; }

echo "== example: the command plugin writes the generated sources into the target"
swift package --allow-writing-to-package-directory generate-client --target BookstoreAPI >"$log" 2>&1 || { cat "$log"; exit 1; }
for name in BookstoreTypes BookstoreEndpoints BookstoreClient; do
  test -s "Sources/BookstoreAPI/Generated/$name.swift" || { cat "$log"; echo "missing $name.swift"; exit 1; }
done
echo "== example: generate-client --check passes on current files and fails on an edited one"
swift package --allow-writing-to-package-directory generate-client --target BookstoreAPI --check >"$log" 2>&1 || { cat "$log"; exit 1; }
echo "// edited by hand" >> Sources/BookstoreAPI/Generated/BookstoreClient.swift
if swift package --allow-writing-to-package-directory generate-client --target BookstoreAPI --check --diff >"$log" 2>&1; then
  cat "$log"; echo "--check passed on an edited file"; exit 1
fi
grep -q "Generated/BookstoreClient.swift: error: BookstoreClient.swift is out of date" "$log" || { cat "$log"; echo "no out-of-date error"; exit 1; }
grep -q "^-// edited by hand" "$log" || { cat "$log"; echo "no diff"; exit 1; }
rm -rf Sources/BookstoreAPI/Generated

echo "== example: the demo against the fixture server"
exec 3< <(sleep 60)   # the server's stdin: it exits when this closes, or after its lifetime cap
port_file=$(mktemp)
python3 ../../Tests/Fixtures/fixture_server.py --lifetime 60 <&3 >"$port_file" &
for _ in $(seq 50); do [ -s "$port_file" ] && break; sleep 0.1; done
port=$(head -1 "$port_file")
out=$(timeout 60 swift run -q bookstore-demo "http://127.0.0.1:$port/demo/bookstore" token-0)
echo "$out"
# a here-string, not `echo | grep -q`: with pipefail that fails when grep exits before echo is done
grep -q "^3 books$" <<<"$out" || { echo "unexpected demo output"; exit 1; }
echo "example checks passed"
