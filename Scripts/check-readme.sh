#!/usr/bin/env bash
# Follows README.md literally, the way a new user would, against this checkout:
#   1. the quick start (`specwright init --package`, build, run);
#   2. the plugin section (Package.swift, `specwright init --target`, the target's Swift file,
#      main.swift, build, run), whose app then lists the items of a local plain-http server;
#   3. the plugins' messages for a misconfigured target, each with its exact text (the README's
#      "When the plugin build fails" table), and the header checks' messages without libyaml or
#      SQLite's header.
# Steps come from README.md itself (Scripts/readme_walkthrough.py reads the
# `<!-- walkthrough NAME: ... -->` markers); any step that fails as written fails this check.
# All walkthroughs build the same package path, so they share one scratch build.
# Run by .ci/run after Scripts/check-example.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
readme=${README:-$root/README.md}   # another README to check (e.g. an older one): README=path
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
ln -s "$root" "$work/Specwright"   # the README's `Specwright` checkout next to the new package
log="$work/log"

fail() { cat "$log"; echo "check-readme: $*" >&2; exit 1; }

# Removes what the previous walkthrough wrote, keeping ShopApp/.build (same path: reused).
reset_package() {
  if [ -d "$work/ShopApp" ]; then
    find "$work/ShopApp" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
  fi
}

walkthrough() {
  local name=$1
  echo "== README walkthrough: $name"
  python3 "$root/Scripts/readme_walkthrough.py" "$readme" "$name" >"$work/$name.sh"
  reset_package
  (cd "$work" && timeout 900 bash "$work/$name.sh") >"$log" 2>&1 || fail "the README's '$name' steps fail as written (script: Scripts/readme_walkthrough.py README.md $name)"
  grep -E "^(\\$ |== README)|Build complete|ready for|items" "$log" || true
}

walkthrough quick-start
grep -q "^ShopClient ready for https://api.example.com/v1$" "$log" || fail "the quick start's app did not print what the README says"

walkthrough plugin
# Nothing listens on port 8080 here, or something does (then it answers with items or not).
grep -qE "^([0-9]+ items|no items from http://127.0.0.1:8080: )" "$log" || fail "the plugin section's app did not print what the README says"

cd "$work/ShopApp"
app=$(swift build --show-bin-path)/ShopApp

echo "== README local server: plain http to 127.0.0.1 is accepted, to other hosts refused"
mkdir -p "$work/server" && echo '[]' >"$work/server/items"
timeout 120 python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$work/server" >"$work/server.log" 2>&1 </dev/null &
server_pid=$!
port=
for _ in $(seq 100); do
  port=$(grep -oE 'port [0-9]+' "$work/server.log" | head -1 | grep -oE '[0-9]+' || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/server.log"; echo "check-readme: the local server did not start" >&2; exit 1; }
out=$(timeout 60 "$app" "http://127.0.0.1:$port")
echo "$out"
[ "$out" = "0 items" ] || { echo "check-readme: expected '0 items' from the local server" >&2; exit 1; }
out=$(timeout 60 "$app" "http://192.0.2.1:$port")
echo "$out"
echo "$out" | grep -q "plain http:// to 192.0.2.1 is refused" || { echo "check-readme: plain http to a LAN host was not refused" >&2; exit 1; }
kill "$server_pid" 2>/dev/null || true
server_pid=

# A build that must fail with `message` (exact text) on stdout/stderr.
expect_build_message() {
  local what=$1 message=$2
  echo "== plugin message: $what"
  if swift build >"$log" 2>&1; then fail "$what: the build succeeded"; fi
  grep -qF -- "$message" "$log" || fail "$what: expected the message: $message"
  echo "$message"
}
spec=Sources/ShopAPI/shop.specwright.yaml
config=Sources/ShopAPI/shop.specwright-config.yaml

mv "$spec" Sources/ShopAPI/shop.yaml
expect_build_message "no spec in the target" \
  "error: target 'ShopAPI' uses SpecwrightPlugin but has no *.specwright.yaml file; add one (specwright init --target Sources/ShopAPI) or remove the plugin from the target"
grep -qF -- "warning: 'shop.yaml' is not read by SpecwrightPlugin: only files named *.specwright.yaml are specs; rename it to 'shop.specwright.yaml' to generate a client from it" "$log" \
  || fail "a *.yaml spec: expected the rename warning"
echo "warning: 'shop.yaml' is not read by SpecwrightPlugin: … rename it to 'shop.specwright.yaml' …"
mv Sources/ShopAPI/shop.yaml "$spec"

mv "$config" Sources/ShopAPI/shops.specwright-config.yaml
expect_build_message "a config file next to no spec" \
  "error: 'shops.specwright-config.yaml' configures 'shops.specwright.yaml', which target 'ShopAPI' does not have; a config file is read only next to the spec of the same name (for 'shop.specwright.yaml': 'shop.specwright-config.yaml')"
mv Sources/ShopAPI/shops.specwright-config.yaml "$config"

echo "== command plugin message: no spec in the selected target"
swift package --allow-writing-to-package-directory generate-client --target ShopApp >"$log" 2>&1 || fail "generate-client on a target without a spec failed"
message="warning: no *.specwright.yaml file in target 'ShopApp'; put the spec into the target's folder (specwright init --target Sources/<target> writes one)"
grep -qF -- "$message" "$log" || fail "generate-client: expected the message: $message"
echo "$message"

echo "== fixed again: builds"
swift build >"$log" 2>&1 || fail "the restored package does not build"

echo "== missing system headers name the package to install"
for shim in CYaml:libyaml-dev CSQLite:libsqlite3-dev; do
  module=${shim%%:*} package=${shim#*:}
  if clang -fsyntax-only -nostdinc -x c "$root/Sources/$module/shim.h" >"$log" 2>&1; then fail "$module: compiled without system headers"; fi
  grep -qF "install $package (Debian/Ubuntu: apt-get install $package" "$log" || fail "$module: the error does not name $package"
  grep -F "error:" "$log" | head -1
done
echo "README checks passed"
