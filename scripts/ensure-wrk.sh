#!/usr/bin/env bash
# Installs Debian's wrk (an HTTP load generator in C) when missing: the list benches put their load
# with it, so the client takes a sliver of the 2 cores the server and PostgreSQL share.
set -euo pipefail

if command -v wrk >/dev/null; then
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" wrk
echo "[ensure-wrk] installed: $(command -v wrk)"
