#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server (docs/stack.md, A throwaway PostgreSQL):
#   scripts/with-postgres.sh npm run test:api
# The server listens on 127.0.0.1:${PG_TEST_PORT:-54329}; TEST_DATABASE_URL and PG_URL point at it.
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found. Install them with: sudo apt-get install -y postgresql" >&2
  exit 1
fi
PORT=${PG_TEST_PORT:-54329}
DIR=$(mktemp -d /tmp/sherehe-pg.XXXXXX)

as_postgres() {
  if [ "$(id -u)" = "0" ]; then
    chown -R postgres:postgres "$DIR"
    su postgres -s /bin/bash -c "$*"
  else
    bash -c "$*"
  fi
}

cleanup() {
  as_postgres "'$PG_BIN/pg_ctl' -D '$DIR/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_postgres "'$PG_BIN/initdb' -D '$DIR/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
as_postgres "'$PG_BIN/pg_ctl' -D '$DIR/data' -l '$DIR/server.log' -w -o \"-p $PORT -k '$DIR' -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start" >/dev/null

export PG_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
export TEST_DATABASE_URL="$PG_URL"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') running on 127.0.0.1:$PORT"
"$@"
