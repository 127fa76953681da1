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
# insertWithEvent keeps its write path without the event: on SQLite an atomic unit of the insert alone
# (so it is group-committed as the real one is), on PostgreSQL the plain insert.
sed -i 's/^        async run(db, values, event, now = Date.now()) {$/&\n            if (dialectOf(db) !== "postgres") {\n                await runAtomically(db, [insert.bound(db, values)]);\n                return;\n            }\n            await insert.changed(db, values);\n            return;/' "$file"
# Both patches must have applied: the build's code moved if they did not.
if ! grep -A1 '^export async function appendEvents(' "$file" | grep -q '^    return;$' ||
  ! grep -q 'await runAtomically(db, \[insert.bound(db, values)\]);' "$file"; then
  echo "without-outbox.sh: the patches no longer apply to $file" >&2
  exit 1
fi
echo "$out/dist/server.js"
