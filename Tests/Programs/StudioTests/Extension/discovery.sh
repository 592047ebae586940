#!/usr/bin/env bash
# The studio found over mDNS, on one machine: run as the first process of new network, mount and
# process namespaces (`unshare -n -m -p --fork --mount-proc`), so that the D-Bus and Avahi daemons
# it starts, the studio and node see only this namespace's loopback and all end with it.
#
#   discovery.sh WORK WIDGETHOST SCRIPT [EXTENSION_FOLDER]
#
# WORK is an empty folder of the test's (removed by it). The loopback gets multicast and a route
# for it; a private system bus and an Avahi daemon start; then `widgethost studio SCRIPT` (which
# advertises itself through them). With EXTENSION_FOLDER, the app's extension runs its own
# "Connect Active Editor" (drive.js, discovery); without it, mdns_query.py asks as it does. Each
# wait is bounded; what happened is printed as `name: value` lines for the test to check.
set -u
work=$1 widgethost=$2 script=$3 extension=${4:-}
here=$(cd "$(dirname "$0")" && pwd)

ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo || { echo "setup: the loopback cannot carry multicast"; exit 1; }
# Avahi keeps its pid file and socket in /run/avahi-daemon: a /run of this namespace's own.
mount -t tmpfs tmpfs /run || { echo "setup: cannot mount a /run of its own"; exit 1; }

cat >"$work/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/></policy>
</busconfig>
EOF
cat >"$work/avahi.conf" <<EOF
[server]
host-name=discovery-test
use-ipv4=yes
use-ipv6=no
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
EOF
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/bus"

# `until WHAT TEST…`: runs TEST every 20 ms for 20 s at most.
until_ready() {
  local what=$1; shift
  for _ in $(seq 1000); do "$@" 2>/dev/null && return 0; sleep 0.02; done
  echo "setup: $what did not happen within 20 s"; return 1
}

dbus-daemon --config-file="$work/bus.conf" --nofork --nopidfile >"$work/dbus.log" 2>&1 &
until_ready "the bus" test -S "$work/bus" || exit 1
avahi-daemon -f "$work/avahi.conf" --no-drop-root --no-chroot --no-rlimits >"$work/avahi.log" 2>&1 &
until_ready "the Avahi daemon" avahi-daemon -c || { cat "$work/avahi.log"; exit 1; }

"$widgethost" studio "$script" --port 0 --state "$work/state" >"$work/studio.out" 2>&1 &
studio=$!
until_ready "the studio's advertisement" grep -q "mDNS" "$work/studio.out" || { cat "$work/studio.out"; exit 1; }
port=$(grep -o 'VS Code: http://127.0.0.1:[0-9]*' "$work/studio.out" | grep -o '[0-9]*$')
code=$(grep -o 'pairing code [0-9]*' "$work/studio.out" | grep -o '[0-9]*$')
echo "port: $port"

if [ -n "$extension" ]; then
  cat >"$work/scenario.json" <<EOF
{"extension": "$extension", "storage": "$work/vscode-storage", "connect": "discover", "discoveryTimeoutMs": 2000,
 "codes": ["$code"], "script": "$script", "timeoutMs": 20000}
EOF
  echo "extension: $(node "$here/drive.js" "$work/scenario.json")"
else
  echo "query: $(python3 "$here/mdns_query.py" _omniwidgets-code._tcp.local)"
fi

kill -INT "$studio"
wait "$studio"
echo "studio exit: $?"
sed 's/^/studio: /' "$work/studio.out"
