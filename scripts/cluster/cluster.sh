# cluster.sh: what smoke and bench share, sourced with $me (the script's
# name, for messages), $work (a new temporary directory) and $keep (set:
# keep $work) set: the binaries built in $work, a throw-away PostgreSQL
# there as CI runs it, q to query its database $db, and node NAME PORT to
# start a Hotels server on it (pid_of, addr_of); everything stops on exit.
# Run from the repository's root.

pids=()
as=()
bin=""
stop() {
	for p in "${pids[@]}"; do { kill -9 "$p" && wait "$p"; } 2>/dev/null || true; done
	if [ -n "$bin" ]; then
		"${as[@]}" "$bin/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true
	fi
	if [ -z "$keep" ]; then rm -rf "$work"; else echo "$me: kept $work" >&2; fi
}
trap stop EXIT
say() { echo "$me: $*" >&2; }
now() { date +%s.%N; }

say "building in $work"
go build -o "$work/hotels" ./cmd/sshd
go build -o "$work/play" ./scripts/capacity/play

# PostgreSQL as CI runs it (.ci/run): a temporary cluster, a Unix socket
# and no TCP port, an unprivileged user.
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/initdb" ] || { say "PostgreSQL is not installed (apt-get install postgresql)"; exit 2; }
mkdir -p "$work/pg"
chmod 755 "$work" # the unprivileged user reaches its directory through it
if [ "$(id -u)" -eq 0 ]; then
	chown nobody "$work/pg"
	as=(runuser -u nobody --)
fi
"${as[@]}" "$bin/initdb" -D "$work/pg/data" -U postgres --auth=trust --locale=C -E UTF8 >"$work/pg/initdb.log"
"${as[@]}" "$bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w start -o \
	"-c listen_addresses='' -k $work/pg -c max_connections=300" >/dev/null
admin="postgres://postgres@/postgres?host=$work/pg"
db="postgres://postgres@/hotels?host=$work/pg"
psql -q "$admin" -c "CREATE DATABASE hotels TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'"
q() { psql -qAt "$db" -c "$1"; }

# The nodes share the host key, as servers behind one address must.
declare -A pid_of addr_of
node() {
	local name=$1 p=$2
	"$work/hotels" serve --node "$name" --addr "127.0.0.1:$p" --data "$db" \
		--host-key "$work/host_ed25519" --admin-keys "$work/admin_keys" \
		--max-conns-per-ip 0 --max-sessions-per-key 0 --session-rate 0 --action-rate 0 \
		--grace 3s --bot-delay 100ms --log-level warn >"$work/$name.log" 2>&1 &
	pid_of[$name]=$!
	addr_of[$name]="127.0.0.1:$p"
	pids+=($!)
	for _ in $(seq 100); do
		(exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && return 0
		sleep 0.1
	done
	say "node $name did not listen on $p; its log:"
	cat "$work/$name.log" >&2
	exit 1
}
