#!/bin/sh
# seed.sh KEYDIR N DB: make N ed25519 keys KEYDIR/id_ed25519_00000.. (the
# names sshload -key-dir reads; existing keys are kept) and give each an
# account named loadNNNNN in the Hotels database DB, so that load sessions
# skip the signup screen and land in the lobby. DB must already exist (start
# and stop the server once with --data DB); a postgres:// URL is written with
# psql. Loopback load tests only.
set -eu
dir=$1 n=$2 db=$3
mkdir -p "$dir"
pubs=$(mktemp)
i=0
while [ "$i" -lt "$n" ]; do
	k=$(printf '%s/id_ed25519_%05d' "$dir" "$i")
	[ -f "$k" ] || ssh-keygen -q -t ed25519 -N '' -C "$(printf 'sshload-%05d' "$i")" -f "$k"
	[ -f "$k.pub" ] || ssh-keygen -y -f "$k" >"$k.pub"
	printf '%s %s\n' "$(cut -d' ' -f1,2 "$k.pub")" "$i" >>"$pubs"
	i=$((i + 1))
done
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
fps=$(mktemp)
# ssh-keygen -l prints "256 SHA256:... COMMENT (ED25519)"; the comment is i.
ssh-keygen -l -f "$pubs" | awk '{print $3, $2}' >"$fps"
awk -v now="$now" '
	NR == FNR { fp[$1] = $2; next }
	{
		name = sprintf("load%05d", $3)
		printf "INSERT INTO accounts (name, created_at) VALUES (\x27%s\x27, \x27%s\x27) ON CONFLICT DO NOTHING;\n", name, now
		printf "INSERT INTO keys (authorized_key, fingerprint, account_id, added_at) SELECT \x27%s %s\x27, \x27%s\x27, id, \x27%s\x27 FROM accounts WHERE name = \x27%s\x27 ON CONFLICT DO NOTHING;\n", $1, $2, fp[$3], now, name
	}
	BEGIN { print "BEGIN;" } END { print "COMMIT;" }' "$fps" "$pubs" | case $db in
	postgres://* | postgresql://*) psql -q -v ON_ERROR_STOP=1 "$db" ;;
	*) sqlite3 "$db" ;;
	esac
rm -f "$fps"
rm -f "$pubs"
