#!/usr/bin/env bash
# Tries the deployment files in deploy/ on this machine (docs/deploy.md):
# - deploy/nginx/fitbench.conf with deploy/nginx/fitbench-proxy.conf: `nginx -t`, then served for
#   real (ports moved to free ones, a self-signed certificate) in front of a running instance:
#   readiness over TLS, the redirect from HTTP, a session cookie marked Secure, a save.
# - deploy/Caddyfile: `caddy validate`, then `caddy run` with `tls internal` on free ports, and
#   the same requests through it (curl -k).
# - deploy/fitbench.service: `systemd-analyze verify` (it must print nothing).
# nginx and Caddy are installed from Debian's packages when missing. Prints one "ok:", "FAIL:" or
# "SKIP:" line per step and exits 1 if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d /tmp/fitbench-deploy-XXXXXX)
pids=()
failed=0
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failed=1; }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
need() { # need COMMAND PACKAGE: installs PACKAGE with apt-get when COMMAND is missing
  command -v "$1" >/dev/null 2>&1 && return 0
  [ -x "/usr/sbin/$1" ] && return 0
  echo "$1 is not installed: apt-get install -y $2"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  ($sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2") >"$tmp/apt-$2.log" 2>&1
}
# curl through a proxy: the name resolves to 127.0.0.1, the certificate is not checked (-k).
through() { # through PORT PATH [curl args...]
  local port=$1 path=$2
  shift 2
  curl -sk --max-time 10 --resolve "fitbench.example.org:$port:127.0.0.1" "$@" "https://fitbench.example.org:$port$path"
}
check_proxy() { # check_proxy NAME TLS_PORT: readiness, Secure session cookie, a save
  local name=$1 port=$2 user="deploy$RANDOM$RANDOM"
  local code
  code=$(through "$port" /api/ready -o /dev/null -w '%{http_code}')
  [ "$code" = 200 ] && ok "$name: GET /api/ready over TLS answers 200" || { fail "$name: /api/ready answered $code"; return; }
  through "$port" /api/register -D "$tmp/headers" -o /dev/null -H 'content-type: application/json' \
    -d "{\"username\":\"$user\",\"email\":\"$user@example.com\",\"password\":\"Deploy-check-$user\"}"
  local cookie
  cookie=$(grep -i '^set-cookie:' "$tmp/headers" | head -1 | sed 's/^[^:]*: //; s/;.*//' | tr -d '\r')
  if grep -qi '^set-cookie:.*; *secure' "$tmp/headers" && grep -qi '^strict-transport-security:' "$tmp/headers"; then
    ok "$name: register over TLS sets a Secure session cookie and HSTS (NODE_ENV=production)"
  else
    fail "$name: no Secure session cookie or HSTS: $(tr -d '\r' <"$tmp/headers" | tr '\n' '|')"
  fi
  code=$(through "$port" /api/workouts -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
    -H "cookie: $cookie" -H "idempotency-key: $(cat /proc/sys/kernel/random/uuid)" -d '{"pushups":12}')
  [ "$code" = 201 ] && ok "$name: a save through the proxy answers 201" || fail "$name: the save answered $code"
}

# One instance as the files expect it (NODE_ENV=production, TRUST_PROXY=127.0.0.1), on PGlite.
node scripts/build.mjs --if-stale --only=server >/dev/null || { echo "FAIL: build"; exit 1; }
app=$(free_port)
gone=$(free_port) # the second upstream: nothing listens there, so the proxy must pass over it
mkdir -p "$tmp/data"
NODE_ENV=production TRUST_PROXY=127.0.0.1 HOST=127.0.0.1 PORT=$app DATA_DIR="$tmp/data" \
  CLIENT_DIR=/nonexistent LOG_LEVEL=warn node dist/server/index.js >"$tmp/app.log" 2>&1 &
app_pid=$!
pids+=($app_pid)
for _ in $(seq 1 600); do
  curl -sf "http://127.0.0.1:$app/api/ready" >/dev/null && break
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.2
done
curl -sf "http://127.0.0.1:$app/api/ready" >/dev/null || { echo "FAIL: the app did not start: $(cat "$tmp/app.log")"; exit 1; }
ok "the app answers on port $app (NODE_ENV=production, TRUST_PROXY=127.0.0.1, DATA_DIR)"

# A self-signed certificate for the name in the files.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=fitbench.example.org \
  -keyout "$tmp/privkey.pem" -out "$tmp/fullchain.pem" >/dev/null 2>&1

# nginx
if need nginx nginx; then
  nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
  tls=$(free_port)
  http=$(free_port)
  mkdir -p "$tmp/nginx"
  wrap() { # the site file inside a main context of its own (temp prefix, no root paths)
    cat <<CONF
daemon off;
worker_processes 1;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/body; proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi; uwsgi_temp_path $tmp/nginx/uwsgi; scgi_temp_path $tmp/nginx/scgi;
$(cat)
}
CONF
  }
  site() { sed -e "s#/etc/nginx/snippets/fitbench-proxy.conf#$repo/deploy/nginx/fitbench-proxy.conf#" \
    -e "s#/etc/letsencrypt/live/fitbench.example.org/#$tmp/#" deploy/nginx/fitbench.conf; }
  # As shipped (only the include and certificate paths point here): nginx -t.
  site | wrap >"$tmp/nginx/test.conf"
  if out=$("$nginx_bin" -t -p "$tmp/nginx" -e "$tmp/nginx/error.log" -c "$tmp/nginx/test.conf" 2>&1); then
    ok "nginx -t accepts deploy/nginx/fitbench.conf with deploy/nginx/fitbench-proxy.conf"
  else
    fail "nginx -t: $out"
  fi
  # Served: ports moved to free ones, the upstreams to the running instance and an empty port.
  site | sed -e "s#listen 443 ssl#listen 127.0.0.1:$tls ssl#" -e "s#listen 80;#listen 127.0.0.1:$http;#" \
    -e '/listen \[::\]/d' -e "s#127.0.0.1:5001 #127.0.0.1:$app #" -e "s#127.0.0.1:5002 #127.0.0.1:$gone #" \
    | wrap >"$tmp/nginx/run.conf"
  "$nginx_bin" -p "$tmp/nginx" -e "$tmp/nginx/error.log" -c "$tmp/nginx/run.conf" &
  pids+=($!)
  sleep 1
  check_proxy nginx "$tls"
  loc=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -H 'host: fitbench.example.org' "http://127.0.0.1:$http/api/ready")
  [[ "$loc" == "301 https://fitbench.example.org/api/ready" ]] && ok "nginx: HTTP redirects to HTTPS" || fail "nginx: HTTP answered $loc"
else
  echo "SKIP: nginx cannot be installed (see $tmp/apt-nginx.log)"
fi

# Caddy
if need caddy caddy; then
  export XDG_DATA_HOME="$tmp/caddy-data" XDG_CONFIG_HOME="$tmp/caddy-config" HOME="$tmp"
  if out=$(caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1); then
    ok "caddy validate accepts deploy/Caddyfile"
  else
    fail "caddy validate: $(echo "$out" | tail -3)"
  fi
  ctls=$(free_port)
  chttp=$(free_port)
  # Served: its own ports, no admin endpoint, a certificate from Caddy's internal CA (tls internal).
  {
    printf '{\n\tadmin off\n\thttp_port %s\n\thttps_port %s\n\tskip_install_trust\n}\n' "$chttp" "$ctls"
    sed -e "s#127.0.0.1:5001 127.0.0.1:5002#127.0.0.1:$app 127.0.0.1:$gone#" \
      -e 's#^fitbench.example.org {#fitbench.example.org {\n\ttls internal#' deploy/Caddyfile
  } >"$tmp/Caddyfile"
  caddy run --config "$tmp/Caddyfile" --adapter caddyfile >"$tmp/caddy.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 50); do
    [ "$(through "$ctls" /api/health -o /dev/null -w '%{http_code}')" = 200 ] && break
    sleep 0.2
  done
  check_proxy caddy "$ctls"
else
  echo "SKIP: caddy cannot be installed (see $tmp/apt-caddy.log)"
fi

# systemd
if command -v systemd-analyze >/dev/null 2>&1; then
  if out=$(systemd-analyze verify deploy/fitbench.service 2>&1) && [ -z "$out" ]; then
    ok "systemd-analyze verify accepts deploy/fitbench.service"
  else
    fail "systemd-analyze verify: $out"
  fi
else
  echo "SKIP: systemd-analyze is not installed"
fi

[ "$failed" -eq 0 ] && echo "DEPLOY FILES OK" || echo "DEPLOY FILES FAILED"
exit "$failed"
