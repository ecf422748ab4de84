#!/usr/bin/env bash
# Makes a private copy of the test fixture with its own ports, so several developers (or helper
# agents) can run stacks side by side: the copy links the fixture's migrations and seed, so edits
# to the fixture are seen at the next `stack reset`.
# Usage: test/make-dev-workdir.sh <dir> <api-port> <db-port>
set -euo pipefail
dir=$1 api=$2 db=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir/supabase"
ln -sfn "$here/fixture/supabase/migrations" "$dir/supabase/migrations"
ln -sfn "$here/fixture/supabase/seed.sql" "$dir/supabase/seed.sql"
ln -sfn "$here/fixture/supabase/functions" "$dir/supabase/functions"
# The mail catcher ([local_smtp]) 10000 below the API and database ports, as scripts/lib/setup.mjs does.
sed -e "s/^port = 25321/port = $api/" -e "s/^port = 25322/port = $db/" \
  -e "s/^port = 25324/port = $((api - 10000))/" -e "s/^smtp_port = 25325/smtp_port = $((db - 10000))/" \
  "$here/fixture/supabase/config.toml" > "$dir/supabase/config.toml"
chmod 755 "$dir" "$dir/supabase"
echo "$dir (api $api, db $db)"
