#!/usr/bin/env bash
# Installs Debian packages quietly (as root, or through sudo): the ensure-*.sh scripts call it for
# what the machine lacks.   bash scripts/apt-install.sh PACKAGE...
set -euo pipefail

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
