#!/usr/bin/env bash
# Installs Debian's Chromium (plus CJK fonts so Chinese screenshots are legible) when missing.
# Needs root (CI runs as root); never downloads a Playwright browser.
set -euo pipefail

if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -i 'Noto Sans CJK' >/dev/null; then
  echo "[ensure-chromium] /usr/bin/chromium present"
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" chromium fonts-noto-cjk
echo "[ensure-chromium] installed: $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
