#!/usr/bin/env bash
# The studio found over mDNS, on one machine: run as the first process of new network, mount and
# process namespaces (`unshare -n -m -p --fork --mount-proc`), so that the D-Bus and Avahi daemons
# it starts, the studios and node see only this namespace's interfaces and all end with it.
#
#   discovery.sh WORK WIDGETHOST SCRIPT [EXTENSION_FOLDER]
#
# WORK is an empty folder of the test's (removed by it). The loopback gets multicast and a route
# for it; a private system bus and an Avahi daemon start; then `widgethost studio SCRIPT`, which
# advertises itself through them, three times: A on the loopback of a machine without a network,
# B on the loopback once the machine has one (a veth pair, where multicast then leaves), C with
# --listen 0.0.0.0 there. With EXTENSION_FOLDER, the app's extension runs its own "Connect Active
# Editor" (drive.js) in A and C; without it, mdns_query.py asks as it does. Each wait is bounded;
# what happened is printed as `PHASE name: value` lines for the test to check.
set -u
work=$1 widgethost=$2 script=$3 extension=${4:-}
here=$(cd "$(dirname "$0")" && pwd)

ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo || { echo "setup: the loopback cannot carry multicast"; exit 1; }
# Avahi keeps its pid file and socket in /run/avahi-daemon: a /run of this namespace's own.
mount -t tmpfs tmpfs /run || { echo "setup: cannot mount a /run of its own"; exit 1; }

printf '%s\n' '<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">' \
  '<busconfig>' '  <type>system</type>' "  <listen>unix:path=$work/bus</listen>" '  <auth>EXTERNAL</auth>' \
  '  <policy context="default"><allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/></policy>' \
  '</busconfig>' >"$work/bus.conf"
printf '%s\n' '[server]' 'host-name=discovery-test' 'use-ipv4=yes' 'use-ipv6=no' 'enable-dbus=yes' \
  '[wide-area]' 'enable-wide-area=no' '[publish]' 'publish-hinfo=no' 'publish-workstation=no' >"$work/avahi.conf"
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/bus"

# until_ready WHAT TEST…: runs TEST every 20 ms for 20 s at most.
until_ready() {
  local what=$1; shift
  for _ in $(seq 1000); do "$@" 2>/dev/null && return 0; sleep 0.02; done
  echo "setup: $what did not happen within 20 s"; return 1
}

dbus-daemon --config-file="$work/bus.conf" --nofork --nopidfile >"$work/dbus.log" 2>&1 &
until_ready "the bus" test -S "$work/bus" || exit 1
avahi-daemon -f "$work/avahi.conf" --no-drop-root --no-chroot --no-rlimits >"$work/avahi.log" 2>&1 &
until_ready "the Avahi daemon" avahi-daemon -c || { cat "$work/avahi.log"; exit 1; }

# start_studio PHASE FLAGS…: a studio of SCRIPT, waited for until it has said what mDNS did.
start_studio() {
  local phase=$1; shift
  "$widgethost" studio "$script" --port 0 --state "$work/state" "$@" >"$work/studio-$phase.out" 2>&1 &
  studio=$!
  until_ready "the studio's word on mDNS" grep -q "mDNS" "$work/studio-$phase.out" || { cat "$work/studio-$phase.out"; exit 1; }
  port=$(grep -o 'VS Code: http://[0-9.]*:[0-9]*' "$work/studio-$phase.out" | grep -o '[0-9]*$')
  code=$(grep -o 'pairing code [0-9]*' "$work/studio-$phase.out" | grep -o '[0-9]*$')
  echo "$phase port: $port"
}

# stop_studio PHASE: Ctrl-C, and what it printed.
stop_studio() {
  kill -INT "$studio"
  wait "$studio"
  echo "$1 studio exit: $?"
  sed "s/^/$1 studio: /" "$work/studio-$1.out"
}

# find_studio PHASE ADDRESS: the extension's own discovery (its query leaves as on a user's
# machine), or a query sent from the interface of ADDRESS.
find_studio() {
  if [ -n "$extension" ]; then
    printf '{"extension": "%s", "storage": "%s", "connect": "discover", "discoveryTimeoutMs": 2000, "codes": ["%s"], "script": "%s", "timeoutMs": 20000}\n' \
      "$extension" "$work/vscode-storage-$1" "$code" "$script" >"$work/scenario-$1.json"
    echo "$1 extension: $(node "$here/drive.js" "$work/scenario-$1.json")"
  else
    echo "$1 query: $(python3 "$here/mdns_query.py" _omniwidgets-code._tcp.local "$2")"
  fi
}

# A: a machine without a network, the studio on the loopback: found there.
start_studio A
find_studio A 127.0.0.1
stop_studio A

# The machine gets a network (10.9.9.9 on v0, a veth pair), where multicast now leaves.
ip link add v0 type veth peer name v1 && ip addr add 10.9.9.9/24 dev v0 && ip link set v0 up && ip link set v1 up \
  && ip route replace 224.0.0.0/4 dev v0 || { echo "setup: cannot add a network"; exit 1; }
until_ready "the Avahi daemon on v0" grep -q "New relevant interface v0.IPv4" "$work/avahi.log" || { cat "$work/avahi.log"; exit 1; }

# B: the studio on the loopback: advertised there, not on the network, and it says so.
start_studio B
echo "B network query: $(python3 "$here/mdns_query.py" _omniwidgets-code._tcp.local 10.9.9.9)"
stop_studio B

# C: --listen 0.0.0.0: advertised on every interface, found from the network at its address.
start_studio C --listen 0.0.0.0
find_studio C 10.9.9.9
stop_studio C
