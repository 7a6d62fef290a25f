#!/usr/bin/env bash
# Installs the npm dependencies of the TypeScript SDK (sdk/typescript) and
# starter bot (sample-bots/typescript) with `npm ci`, from their committed
# package-lock.json files, from the npm registry only; again only when a lock
# file changed since (node_modules/.zetema-lock keeps the installed copy).
set -euo pipefail
cd "$(dirname "$0")/../../.."
for dir in sdk/typescript sample-bots/typescript; do
  if ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.zetema-lock"; then
    echo "setup: npm ci in $dir" >&2
    npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null
    cp "$dir/package-lock.json" "$dir/node_modules/.zetema-lock"
  fi
done
