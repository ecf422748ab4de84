#!/bin/sh
# Installs the platform as services on a Debian 12 host, from a release checkout in PREFIX (default
# /opt/cti). Run once as root; afterwards nothing runs as root: Postgres, the stack and the worker
# run as the `cti` system user, which owns only the state folder and the backup folder.
#   sudo infra/install.sh [--prefix /opt/cti] [--domain cti.example.org]
set -eu

PREFIX=/opt/cti
DOMAIN=
while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) PREFIX=$2; shift 2 ;;
	--domain) DOMAIN=$2; shift 2 ;;
	*) echo "usage: $0 [--prefix DIR] [--domain NAME]" >&2; exit 2 ;;
	esac
done
[ "$(id -u)" = 0 ] || { echo "run as root (it creates a user and installs systemd units)" >&2; exit 1; }
[ -f "$PREFIX/infra/stack/bin/stack.mjs" ] || { echo "$PREFIX is not a checkout of the platform" >&2; exit 1; }
PG_BIN=$(ls -d /usr/lib/postgresql/1[5-9]/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PG_BIN" ] || { echo "install PostgreSQL first: apt-get install -y postgresql-15 postgresql-contrib" >&2; exit 1; }
command -v node >/dev/null || { echo "install Node.js 20 first" >&2; exit 1; }

# The service user: no login shell, home is the install folder.
id cti >/dev/null 2>&1 || useradd --system --home-dir "$PREFIX" --no-create-home --shell /usr/sbin/nologin cti

# Code stays root-owned and read-only to the service; it writes only its state and backups.
install -d -o cti -g cti -m 0700 "$PREFIX/supabase/.temp" /var/backups/cti
chmod o+x "$PREFIX" "$PREFIX/supabase"

# Dependencies and the built app, as root (the code is root's), once per release.
(cd "$PREFIX" && npm ci && npm run build)

# First start as the service user creates the cluster (initdb), applies migrations and the demo data
# is not loaded; then stop it so systemd takes over.
runuser -u cti -- node "$PREFIX/infra/stack/bin/stack.mjs" up --workdir "$PREFIX" -o env >/dev/null
STACK_SUPERVISOR=off runuser -u cti -- node "$PREFIX/infra/stack/bin/stack.mjs" down --workdir "$PREFIX"

for unit in cti-postgres.service cti-stack.service cti-worker.service cti-backup.service cti-backup.timer; do
	sed -e "s#/opt/cti#$PREFIX#g" -e "s#/usr/lib/postgresql/15/bin#$PG_BIN#g" \
		"$PREFIX/infra/systemd/$unit" >"/etc/systemd/system/$unit"
done
sed -e "s#/opt/cti#$PREFIX#g" "$PREFIX/infra/logrotate/cti" >/etc/logrotate.d/cti
systemctl daemon-reload
systemctl enable --now cti-postgres.service cti-stack.service cti-worker.service cti-backup.timer

echo "installed: systemctl status cti-stack; logs: journalctl -u cti-stack -u cti-postgres"
echo "create the first administrator: cd $PREFIX && npm run admin:create -- --email you@example.org"
if [ -n "$DOMAIN" ]; then
	echo "TLS: install Caddy, copy infra/proxy/Caddyfile to /etc/caddy/Caddyfile with cti.example.org"
	echo "replaced by $DOMAIN, and set in $PREFIX/supabase/config.toml:"
	echo "  [auth] site_url = \"https://$DOMAIN\""
	echo "  [stack] web_api_url = \"https://$DOMAIN\", cors_origins = [\"https://$DOMAIN\"], web_trusted_proxies = [\"127.0.0.1\"]"
	echo "then: systemctl restart cti-stack"
fi
