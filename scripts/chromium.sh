#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (which never downloads a browser).
# Installs it with apt when it is missing; prints its path on success.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "[chromium] $CHROMIUM is missing: installing Debian's chromium package" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium >&2
fi
echo "$CHROMIUM"
