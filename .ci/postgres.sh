#!/usr/bin/env bash
# A throwaway PostgreSQL for the rulings tests.
#   URL=$(.ci/postgres.sh)        install if missing, start a cluster, print its URL
#   .ci/postgres.sh stop "$URL"   stop that cluster and delete it
# The cluster runs as the unprivileged `postgres` user (PostgreSQL refuses root), listens on
# 127.0.0.1 and a private socket only, on a free port, with trust auth: it holds test data only.
set -euo pipefail
log() { echo "postgres.sh: $*" >&2; }

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = "stop" ]; then
  port=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).port)' "${2:?URL}")
  dir="/tmp/koren-pg-$port"
  bin=$(cat "$dir/bindir")
  as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >&2 || true
  rm -rf "$dir"
  exit 0
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  log "installing the Debian package postgresql"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

# A free port: bind to 0 and read what the kernel chose.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
dir="/tmp/koren-pg-$port"
rm -rf "$dir"
mkdir -p "$dir"
echo "$bin" > "$dir/bindir"
if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$dir"; fi

as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=on -c max_connections=200" start >&2 \
  || { cat "$dir/server.log" >&2; exit 1; }
log "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') running in $dir"
echo "postgresql://postgres@127.0.0.1:$port/postgres"
