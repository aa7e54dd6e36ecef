#!/usr/bin/env bash
# Rolling restart under load behind a real nginx: see scripts/rolling-restart.ts and
# docs/decisions/0042-rolling-restarts.md. Installs nginx from Debian's packages when missing.
# Exit 0: no failed request and no lost save; 1: a failure; 77: nginx could not be installed.
set -uo pipefail
cd "$(dirname "$0")/.."

nginx_bin=$(command -v nginx || true)
[ -n "$nginx_bin" ] || { [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx; }
if [ -z "$nginx_bin" ]; then
  echo "nginx is not installed: installing it from Debian's packages (apt-get install nginx)..."
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  if ! ($sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx) >/tmp/fitbench-nginx-apt.log 2>&1; then
    echo "SKIP: nginx cannot be installed (apt-get failed, see /tmp/fitbench-nginx-apt.log)"
    exit 77
  fi
  nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
fi

exec node --import tsx scripts/rolling-restart.ts "$nginx_bin"
