#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1:${PGPORT:-55432} and prints its DATABASE_URL.
# Used by .ci/run and by anyone who wants to run the suite on PostgreSQL locally.
set -euo pipefail
port="${PGPORT:-55432}"
dir="${PGDATA_DIR:-/tmp/lectern-pg-$port}"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if ! run "$bin/pg_isready -h 127.0.0.1 -p $port" >/dev/null 2>&1; then
  rm -rf "$dir"; mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  run "$bin/initdb -D $dir -U postgres -A trust --no-sync" >/dev/null
  run "$bin/pg_ctl -D $dir -o '-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200' -l $dir/log -w start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
