#!/usr/bin/env bash
# The deployment files and docs/operations.md agree with the server (issue 29, "Deployment"):
# no Docker, no network, no build needed; under a second.
#   tests/ops/ops_files_test.sh [SOURCE_DIR]
# Checks that .dockerignore keeps the build trees and installed packages out of the context but
# not what the Dockerfile copies; that the Dockerfile has a HEALTHCHECK on /healthz; that the
# proxy examples upgrade the WebSocket at /ws, pass the client's address and drop a forged
# Forwarded header, and allow the server's body size; that compose.postgres.yml puts the server
# on PostgreSQL, and compose.multi.yml three servers on one database behind nginx alone published,
# its upstream those three (docker/nginx.multi.conf); that every umpire-server flag and every
# metric docs/operations.md names exists in server/, that it names this build's newest schema
# version, every compose file and the PostgreSQL channel the servers listen on, and that the
# README links the document.
# shellcheck disable=SC2016  # single-quoted $ in patterns is meant literally
set -euo pipefail
SRC=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$SRC"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
has() { grep -qE -- "$2" "$1" || fail "$1: no line matching /$2/${3:+ ($3)}"; }

# --- .dockerignore -----------------------------------------------------------------------------
ignore=.dockerignore
if [ ! -f "$ignore" ]; then
  fail "no $ignore at the repository root"
else
  patterns=$(grep -vE '^\s*(#|$)' "$ignore" | sed -e 's#^/##' -e 's#/$##')
  for must in build node_modules .git '*.db' '*.db-wal'; do
    grep -qxF -- "$must" <<<"$patterns" || grep -qxF -- "**/$must" <<<"$patterns" ||
      fail "$ignore does not exclude $must"
  done
  # What the Dockerfile copies from the context must not be excluded.
  while read -r source; do
    [ -z "$source" ] && continue
    [ "$source" = . ] && continue
    for pattern in $patterns; do
      case "$source" in
        "$pattern" | "$pattern"/*) fail "$ignore excludes $source, which docker/Dockerfile copies" ;;
      esac
    done
    [ -e "$source" ] || fail "docker/Dockerfile copies $source, which does not exist"
  done < <(grep -E '^COPY ' docker/Dockerfile | grep -v -- '--from=' |
           awk '{for (i = 2; i < NF; i++) print $i}' | sed 's#/$##')
fi

# --- Dockerfile ----------------------------------------------------------------------------------
dockerfile=docker/Dockerfile
has "$dockerfile" '^HEALTHCHECK ' "a HEALTHCHECK instruction"
grep -A2 '^HEALTHCHECK ' "$dockerfile" | grep -q '/healthz' || fail "$dockerfile: the HEALTHCHECK does not probe /healthz"
# The probe's tool must be installed in the runtime stage (the last FROM).
if grep -A2 '^HEALTHCHECK ' "$dockerfile" | grep -q 'curl '; then
  awk '/^FROM /{stage=""} {stage = stage $0 "\n"} END{printf "%s", stage}' "$dockerfile" |
    grep -qE '(^|[[:space:]])curl([[:space:]]|$)' || fail "$dockerfile: the HEALTHCHECK uses curl, not installed in the runtime image"
fi
entry=$(grep -E '^ENTRYPOINT' "$dockerfile" | grep -oE '/usr/local/bin/[a-z-]+' | head -1)
if [ "$entry" = /usr/local/bin/umpire-entrypoint ]; then
  has "$dockerfile" '^COPY docker/entrypoint.sh /usr/local/bin/umpire-entrypoint' "the entrypoint script"
  [ -x docker/entrypoint.sh ] || fail "docker/entrypoint.sh is not executable"
  sh -n docker/entrypoint.sh || fail "docker/entrypoint.sh: sh -n"
  # The server refuses a missing database unless told to make one: a new volume's first start.
  grep -q -- '"\$server" --create-db' docker/entrypoint.sh || fail "docker/entrypoint.sh does not pass --create-db"
fi
grep -q -- '--create-db' scripts/run || fail "scripts/run does not pass --create-db: its first run would be refused"

# --- proxy examples ------------------------------------------------------------------------------
# The WebSocket path: the one the server upgrades and the web client opens.
grep -q 'request.target() != "/ws"' server/net_server.cpp || fail "server/net_server.cpp no longer upgrades at /ws: update the proxy examples"
grep -q '/ws`' web-client/src/net/connection.ts || fail "web-client/src/net/connection.ts no longer opens /ws: update the proxy examples"
# docker/nginx.conf: one server with TLS; docker/nginx.multi.conf: three (compose.multi.yml).
for nginx in docker/nginx.conf docker/nginx.multi.conf; do
  has "$nginx" 'location = /ws' "the WebSocket location"
  has "$nginx" 'proxy_http_version 1\.1;'
  has "$nginx" 'proxy_set_header Upgrade \$http_upgrade;'
  has "$nginx" 'proxy_set_header Connection \$connection_upgrade;'
  has "$nginx" 'map \$http_upgrade \$connection_upgrade'
  has "$nginx" 'proxy_set_header X-Forwarded-For '
  has "$nginx" 'proxy_set_header Forwarded "";' "drop a Forwarded header the client wrote"
  has "$nginx" 'proxy_read_timeout [0-9]+[hm];' "a long read timeout for WebSockets"
  # A location with any proxy_set_header drops the server's: each proxied location sets its own.
  while read -r l; do
    fail "$nginx: '$l' proxies without setting X-Forwarded-For"
  done < <(awk '/location /{loc=$0} /proxy_pass/{p[loc]=1} /proxy_set_header X-Forwarded-For/{x[loc]=1}
                END{for (l in p) if (!x[l]) print l}' "$nginx")
done
nginx=docker/nginx.conf
has "$nginx" 'ssl_certificate '
# Several servers: a failed connect goes on to the next one, and a failing server is left out.
multi_nginx=docker/nginx.multi.conf
has "$multi_nginx" '^\s*proxy_next_upstream error timeout;' "a failed connect tries the next server"
has "$multi_nginx" '^\s*server [0-9.]+:[0-9]+ max_fails=[0-9]+ fail_timeout=[0-9]+s;' "passive health checks"
caddy=docker/Caddyfile
has "$caddy" 'reverse_proxy '
has "$caddy" 'header_up -Forwarded' "drop a Forwarded header the client wrote"
# Body limits match the server's default max_message_bytes.
limit=$(grep -oE 'max_message_bytes = [0-9]+ \* 1024' server/config.hpp | grep -oE '[0-9]+ ' | tr -d ' ')
if [ -z "$limit" ]; then
  fail "server/config.hpp: max_message_bytes is no longer N * 1024: update this test"
else
  has "$nginx" "client_max_body_size ${limit}k;" "the server's max_message_bytes"
  has "$multi_nginx" "client_max_body_size ${limit}k;" "the server's max_message_bytes"
  has "$caddy" "max_size ${limit}KiB" "the server's max_message_bytes"
fi
if command -v python3 >/dev/null && python3 -c 'import yaml' 2>/dev/null; then
  python3 - docker/compose.example.yml <<'PY' || fail "docker/compose.example.yml"
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
umpire, caddy = doc["services"]["umpire"], doc["services"]["caddy"]
env = umpire["environment"]
proxy = caddy["networks"]["umpire-net"]["ipv4_address"]
assert env["UMPIRE_TRUSTED_PROXIES"] == proxy, "the server must trust Caddy's address"
assert env["UMPIRE_ORIGINS"].startswith("https://"), "the Origin is the https site"
assert "ports" not in umpire, "only Caddy is published"
PY
  python3 - docker/compose.postgres.yml <<'PY' || fail "docker/compose.postgres.yml"
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
umpire, postgres = doc["services"]["umpire"], doc["services"]["postgres"]
url = umpire["environment"]["UMPIRE_DB"]
assert url.startswith("postgresql://") and "@postgres:5432/" in url, "the server uses the postgres service"
assert umpire["depends_on"]["postgres"]["condition"] == "service_healthy", "it waits for PostgreSQL"
assert "pg_isready" in postgres["healthcheck"]["test"], "PostgreSQL says when it is ready"
assert "ports" not in postgres, "PostgreSQL is not published"
assert any("/var/lib/postgresql/data" in v for v in postgres["volumes"]), "its data is a volume"
PY
  python3 - docker/compose.multi.yml "$multi_nginx" <<'PY' || fail "docker/compose.multi.yml"
import os, re, sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
services = doc["services"]
servers = {name: s for name, s in services.items()
           if (s.get("build") or {}).get("dockerfile") == "docker/Dockerfile"}
assert len(servers) == 3, f"three umpire-server services, not {sorted(servers)}"
envs = {name: s["environment"] for name, s in servers.items()}
urls = {env["UMPIRE_DB"] for env in envs.values()}
assert len(urls) == 1, f"the servers use one database, not {len(urls)}"
url = urls.pop()
assert url.startswith("postgresql://") and "@postgres:5432/" in url, "the servers use the postgres service"
assert re.match(r"postgresql://[^:@]+:\$\{[A-Z_]+[^}]*\}@", url), "the password comes from the environment"
postgres = services["postgres"]
assert postgres["environment"]["POSTGRES_PASSWORD"].startswith("${"), "the password comes from the environment"
assert "pg_isready" in postgres["healthcheck"]["test"], "PostgreSQL says when it is ready"
assert any("/var/lib/postgresql/data" in v for v in postgres["volumes"]), "its data is a volume"
for name, server in servers.items():
    assert server["depends_on"]["postgres"]["condition"] == "service_healthy", f"{name} waits for PostgreSQL"
bootstrap = [name for name, env in envs.items() if "UMPIRE_BOOTSTRAP_ADMIN" in env]
assert len(bootstrap) <= 1, f"only one server makes the first administrator, not {bootstrap}"
# Only the proxy is published, and it is the nginx that reads the multi config.
published = [name for name, s in services.items() if "ports" in s]
assert published == ["nginx"], f"only the proxy is published, not {published}"
proxy = services["nginx"]
host_ports = {str(p).split(":")[-2] for p in proxy["ports"]}
assert any(v.split(":")[0] == "./" + os.path.basename(sys.argv[2]) and
           v.split(":")[1] == "/etc/nginx/nginx.conf" for v in proxy["volumes"]), f"nginx reads {sys.argv[2]}"
networks = list(proxy["networks"])
assert len(networks) == 1, "one network for the proxy and the servers"
proxy_address = proxy["networks"][networks[0]]["ipv4_address"]
addresses = set()
for name, server in servers.items():
    env = envs[name]
    assert env["UMPIRE_TRUSTED_PROXIES"] == proxy_address, f"{name} trusts the proxy's address"
    origin = env["UMPIRE_ORIGINS"]
    assert origin.rsplit(":", 1)[-1] in host_ports, f"{name}'s Origin {origin} is the proxy's published port"
    addresses.add(server["networks"][networks[0]]["ipv4_address"] + ":" + str(env.get("UMPIRE_PORT", 8080)))
# The proxy's upstream is exactly the three servers, and /ws goes to it.
conf = re.sub(r"#[^\n]*", "", open(sys.argv[2]).read())
upstreams = re.findall(r"upstream\s+(\w+)\s*\{([^}]*)\}", conf)
assert len(upstreams) == 1, "one upstream"
upstream, body = upstreams[0]
listed = set(re.findall(r"^\s*server\s+(\S+?)[\s;]", body, re.M))
assert listed == addresses, f"the upstream lists {sorted(listed)}, the servers are {sorted(addresses)}"
for location in ("location = /ws", "location /"):
    block = conf[conf.index(location):]
    block = block[:block.index("}")]
    assert f"proxy_pass http://{upstream};" in block, f"{location} goes to the upstream {upstream}"
listens = set(re.findall(r"^\s*listen\s+(?:\S+:)?(\d+)", conf, re.M))
assert {str(p).split(":")[-1] for p in proxy["ports"]} <= listens, "nginx listens on the port published"
PY
fi

# --- docs/operations.md --------------------------------------------------------------------------
ops=docs/operations.md
[ -f "$ops" ] || { fail "no $ops"; echo "$failures failure(s)"; exit 1; }
grep -q '(docs/operations.md)' README.md || fail "README.md does not link docs/operations.md"
for compose in docker/compose*.yml docker/compose*.yaml; do
  [ -e "$compose" ] || continue
  grep -qF "\`$compose\`" "$ops" || fail "$ops does not name $compose"
done
# The PostgreSQL channel the servers tell each other of commits on (a name, not a metric).
channel=$(grep -ohE 'kCampaignChangesChannel = "[a-z_]+"' storage/*.hpp | grep -oE '"[a-z_]+"' | tr -d '"' || true)
if grep -q 'NOTIFY' "$ops"; then
  if [ -z "$channel" ]; then
    fail "storage/: found no kCampaignChangesChannel (has its form changed?)"
  else
    grep -q "\`$channel\`" "$ops" || fail "$ops does not name the channel $channel the servers LISTEN on"
  fi
fi
# Flags umpire-server defines (CLI11 options and flags are string literals in server/*.cpp).
defined=$( (grep -ohE '"--[a-z0-9][a-z0-9-]*"' server/*.cpp | tr -d '"'; echo --help) | sort -u)  # --help: CLI11's own
# Flags the document names as not there yet (a plan, not the server's): issue 29.
planned=''
# 1. The configuration table's first column, 2. inline code that starts with -- or runs
# umpire-server, 3. umpire-server command lines in code blocks (with their continuations).
mentioned=$(
  grep -E '^\| `--' "$ops" | cut -d'|' -f2
  grep -oE '`[^`]+`' "$ops" | grep -E '^`(--|umpire-server )' | sed 's/^`umpire-server //'
  awk '/^```/{code = !code; next}
       code { line = line $0; if (line ~ /\\$/) { sub(/\\$/, " ", line); next }
              if (line ~ /umpire-server /) { sub(/.*umpire-server /, "", line); print line }
              line = "" }' "$ops"
)
mentioned=$(grep -oE -- '(^|[^a-z0-9-])--[a-z0-9][a-z0-9-]*' <<<"$mentioned" | grep -oE -- '--[a-z0-9-]+' | sort -u)
[ -n "$mentioned" ] || fail "$ops: found no umpire-server flag to check (has the document's form changed?)"
for flag in $mentioned; do
  if grep -qxF -- "$flag" <<<"$defined"; then continue; fi
  case " $planned " in *" $flag "*) continue ;; esac
  fail "$ops names umpire-server $flag, which server/ does not define"
done
for flag in $planned; do
  if grep -qxF -- "$flag" <<<"$defined"; then
    echo "note: $ops says $flag is not there yet, but server/ defines it now: update the document"
  fi
done
# The schema versions the document says this build knows: those of storage/migrations.cpp.
latest=$(grep -oE '^[[:space:]]*\{[0-9]+, "' storage/migrations.cpp | grep -oE '[0-9]+' | sort -n | tail -1)
if [ -z "$latest" ]; then
  fail "storage/migrations.cpp: found no migration step (has its form changed?)"
else
  grep -q "versions 1 to ${latest}[;,. ]" "$ops" || fail "$ops does not say this build knows schema versions 1 to $latest"
fi
# Metrics: every umpire_* name in the document is one server/metrics.cpp or
# server/observability.cpp (the gauges read at scrape time) writes.
metric_sources="server/metrics.cpp server/observability.cpp"
# shellcheck disable=SC2013  # metric names are words
# (A histogram's series are named <metric>_bucket, _sum and _count.)
for metric in $(grep -oE 'umpire_[a-z_]+' "$ops" | sed -E 's/_seconds_(bucket|sum|count)$/_seconds/' | sort -u); do
  [ "$metric" = "$channel" ] && continue
  # shellcheck disable=SC2086
  grep -q "\"$metric\"" $metric_sources || fail "$ops names the metric $metric, which $metric_sources do not write"
done
# And every metric the server writes is in the document's table.
# shellcheck disable=SC2086
for metric in $(grep -ohE '"umpire_[a-z_]+"' $metric_sources | tr -d '"' | sort -u); do
  grep -q "\`$metric" "$ops" || fail "$ops does not describe the metric $metric"
done

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "ok"
