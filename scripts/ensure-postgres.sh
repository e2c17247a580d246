#!/usr/bin/env bash
# Installs Debian's PostgreSQL server binaries when missing, so the server tests can run a second
# time on a throwaway PostgreSQL (scripts/pg-throwaway.sh). The packaged cluster is not used.
set -euo pipefail

if compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
  echo "[ensure-postgres] $(ls -d /usr/lib/postgresql/*/bin/pg_ctl | head -n1) present"
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" postgresql
echo "[ensure-postgres] installed: $(ls -d /usr/lib/postgresql/*/bin/pg_ctl | head -n1)"
