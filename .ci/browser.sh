#!/usr/bin/env bash
# Debian's chromium for the browser tests (Playwright drives it via executable_path; we never run
# `playwright install`, which would download a browser from outside the Debian archive).
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
/usr/bin/chromium --version
