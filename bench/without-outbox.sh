#!/bin/sh
# Builds /tmp/quire-noappend, the live events' write reference (docs/performance.md, "Live events"):
# this build with its outbox patched out, so `appendEvents` writes nothing and `insertWithEvent` only
# its insert. Run from the project root after `npm run build`.
set -eu
out=${1:-/tmp/quire-noappend}
rm -rf "$out" && mkdir -p "$out"
cp -a dist package.json "$out/" && ln -s "$PWD/node_modules" "$out/"
file="$out/dist/event-log/event-log.queries.js"
sed -i 's/^export async function appendEvents(db, events, now = Date.now()) {$/&\n    return;/' "$file"
sed -i 's/^        async run(db, values, event, now = Date.now()) {$/&\n            await insert.changed(db, values);\n            return;/' "$file"
# Both patches must have applied: the build's code moved if they did not.
test "$(grep -c -e '^    return;$' -e '^            return;$' "$file")" -ge 2 || {
  echo "without-outbox.sh: the patches no longer apply to $file" >&2
  exit 1
}
echo "$out/dist/server.js"
