#!/usr/bin/env bash
# Installs and starts the engines the integration suites, the drills and the benches run against,
# all on loopback, and reuses any that already answer (a second run changes nothing):
#   postgres  PostgreSQL 15 (Debian's package) on 127.0.0.1:5432, a `test` database, the
#             `postgres` role trusted over loopback (no password: a test machine's server)
#   nats      nats-server with JetStream (Debian's package) on 127.0.0.1:4222
#   kafka     Apache Kafka, one KRaft node, on 127.0.0.1:19092, from its Maven Central artifacts
#             (scripts/engines/kafka/pom.xml) resolved by Maven into a cached folder, run with Java 17
# Usage: scripts/engines/up.sh [postgres] [nats] [kafka]   (no argument: all three)
# Progress goes to stderr. Stdout gets one NAME=value line per engine that answers (POSTGRES_URL,
# NATS_URL, KAFKA_BROKERS, and KAFKA_LIB: the broker's classpath folder, for suites that start a
# broker of their own), ready for `eval "$(scripts/engines/up.sh | sed 's/^/export /')"`.
# Files: $STUDIO_ENGINES_DIR (default ~/.cache/studio-engines): the Kafka classpath, the NATS and
# Kafka data and their logs.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
state="${STUDIO_ENGINES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/studio-engines}"
mkdir -p "$state"

say() { echo "engines: $*" >&2; }
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_for_port() { # port seconds
  local deadline=$((SECONDS + $2))
  while ! answers "$1"; do
    [ "$SECONDS" -ge "$deadline" ] && return 1
    sleep 0.5
  done
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif sudo -n true 2>/dev/null; then sudo "$@"; else return 1; fi
}
apt_updated=0
apt_install() {
  say "installing $* (Debian packages)"
  if [ "$apt_updated" = 0 ]; then
    as_root apt-get update -qq >&2 || { say "apt-get update failed (not root?)"; return 1; }
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null || {
    say "could not install $*"
    return 1
  }
}

# One caller at a time: two test runs starting together must not start two brokers (the servers
# started below do not inherit the lock: 9>&-).
exec 9>"$state/up.lock"
flock 9

postgres() {
  local url="postgres://postgres@127.0.0.1:5432/test"
  if ! answers 5432; then
    if [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then apt_install postgresql-15 || return 0; fi
    if ! pg_lsclusters -h 2>/dev/null | grep -q '^15 main'; then
      as_root pg_createcluster 15 main >&2 9>&- || { say "could not create the PostgreSQL cluster"; return 0; }
    fi
    local conf=/etc/postgresql/15/main
    # Loopback only, and the `postgres` role trusted there (Debian asks for a password).
    if ! grep -q 'studio-engines' "$conf/pg_hba.conf"; then
      as_root sh -c "{ printf '%s\n' '# studio-engines: the test role over loopback' \
        'host all postgres 127.0.0.1/32 trust' 'host all postgres ::1/128 trust'; cat '$conf/pg_hba.conf'; } \
        > '$conf/pg_hba.conf.new' && mv '$conf/pg_hba.conf.new' '$conf/pg_hba.conf' \
        && chown postgres:postgres '$conf/pg_hba.conf'"
    fi
    # The multi-process drills open several pools at once.
    printf '%s\n' "listen_addresses = '127.0.0.1'" 'max_connections = 300' |
      as_root tee "$conf/conf.d/studio-engines.conf" >/dev/null
    say "starting PostgreSQL 15"
    as_root pg_ctlcluster 15 main start >&2 9>&- || { say "PostgreSQL did not start"; return 0; }
    wait_for_port 5432 30 || { say "PostgreSQL is not listening on 5432"; return 0; }
  fi
  local ready=0
  for _ in $(seq 1 40); do
    if psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then ready=1; break; fi
    sleep 0.5
  done
  if [ "$ready" = 0 ]; then
    say "PostgreSQL answers on 5432 but not to the postgres role without a password: not used"
    return 0
  fi
  if [ "$(psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname = 'test'")" != 1 ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -qc 'create database test' >&2 || return 0
  fi
  echo "POSTGRES_URL=$url"
}

nats() {
  if ! answers 4222; then
    command -v nats-server >/dev/null || apt_install nats-server || return 0
    mkdir -p "$state/nats"
    say "starting NATS with JetStream"
    setsid nats-server -a 127.0.0.1 -p 4222 -js -sd "$state/nats" -l "$state/nats.log" </dev/null >/dev/null 2>&1 9>&- &
    wait_for_port 4222 20 || { say "NATS did not start (see $state/nats.log)"; return 0; }
  fi
  echo "NATS_URL=nats://127.0.0.1:4222"
}

kafka() {
  local version lib data
  version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/kafka/pom.xml")"
  lib="$state/kafka-$version/lib"
  if [ ! -f "$lib/.complete" ]; then
    command -v java >/dev/null || apt_install openjdk-17-jre-headless || return 0
    command -v mvn >/dev/null || apt_install maven || return 0
    say "resolving Apache Kafka $version with Maven into $lib"
    rm -rf "$lib"
    mvn -q -B -Dstyle.color=never -f "$here/kafka/pom.xml" dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$lib" >&2 || { say "Maven could not resolve Kafka"; return 0; }
    touch "$lib/.complete"
  fi
  if ! answers 19092; then
    data="$state/kafka-data"
    mkdir -p "$data"
    { cat "$here/kafka/server.properties"; echo "log.dirs=$data/log"; } >"$state/kafka.properties"
    if [ ! -f "$data/log/meta.properties" ]; then
      java -cp "$lib/*" kafka.tools.StorageTool format --ignore-formatted \
        -t "$(java -cp "$lib/*" kafka.tools.StorageTool random-uuid)" -c "$state/kafka.properties" >&2 ||
        { say "could not format the Kafka log folder"; return 0; }
    fi
    say "starting Apache Kafka $version (KRaft, one node)"
    setsid java -Xms256m -Xmx1g -XX:+UseG1GC -Djava.awt.headless=true \
      -Dlog4j2.configurationFile="$here/kafka/log4j2.properties" \
      -cp "$lib/*" kafka.Kafka "$state/kafka.properties" </dev/null >"$state/kafka.log" 2>&1 9>&- &
    wait_for_port 19092 90 || { say "Kafka did not start (see $state/kafka.log)"; return 0; }
  fi
  echo "KAFKA_BROKERS=127.0.0.1:19092"
  echo "KAFKA_LIB=$lib"
}

engines=("$@")
[ ${#engines[@]} -eq 0 ] && engines=(postgres nats kafka)
for engine in "${engines[@]}"; do
  case "$engine" in
    postgres | nats | kafka) "$engine" ;;
    *) say "unknown engine: $engine (postgres, nats or kafka)" && exit 2 ;;
  esac
done
