#!/usr/bin/env python3
"""Asks for a DNS-SD service type over multicast DNS as the app's extension does (a PTR query to
224.0.0.251:5353, twice), and prints the services found as one JSON list: each instance's name,
SRV target and port, TXT strings and the target's IPv4 address, from the answers and the
additional records. Waits 2 s for answers.

    mdns_query.py _omniwidgets-code._tcp.local [INTERFACE_ADDRESS]

The query leaves by the interface of INTERFACE_ADDRESS (127.0.0.1 when not given).
"""
import json
import socket
import struct
import sys
import time

TYPE_A, TYPE_PTR, TYPE_TXT, TYPE_SRV = 1, 12, 16, 33


def name_at(packet, offset):
    """The DNS name at offset (compression followed) and the offset after it."""
    labels, end, jumps = [], None, 0
    while True:
        length = packet[offset]
        if length & 0xC0 == 0xC0:
            if end is None:
                end = offset + 2
            offset = ((length & 0x3F) << 8) | packet[offset + 1]
            jumps += 1
            if jumps > 20:
                raise ValueError("a compression loop")
            continue
        if length == 0:
            return ".".join(labels), (end if end is not None else offset + 1)
        labels.append(packet[offset + 1:offset + 1 + length].decode("utf-8"))
        offset += 1 + length


def records(packet):
    """Every resource record of the answer, authority and additional sections."""
    _, _, questions, answers, authorities, additionals = struct.unpack("!6H", packet[:12])
    offset = 12
    for _ in range(questions):
        _, offset = name_at(packet, offset)
        offset += 4
    for _ in range(answers + authorities + additionals):
        name, offset = name_at(packet, offset)
        kind, _, _, length = struct.unpack("!HHIH", packet[offset:offset + 10])
        offset += 10
        yield name, kind, offset, length
        offset += length


def main():
    service = sys.argv[1]
    interface = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
    query = struct.pack("!6H", 0, 0, 1, 0, 0, 0)
    query += b"".join(bytes([len(part)]) + part.encode() for part in service.split(".")) + b"\0"
    query += struct.pack("!HH", TYPE_PTR, 1)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(interface))
    sock.settimeout(0.1)
    found, addresses = {}, {}
    deadline = time.monotonic() + 2
    for attempt in range(2):
        sock.sendto(query, ("224.0.0.251", 5353))
        until = time.monotonic() + (1 if attempt == 0 else 1)
        while time.monotonic() < min(until, deadline):
            try:
                packet, _ = sock.recvfrom(9000)
            except socket.timeout:
                continue
            for name, kind, offset, length in records(packet):
                if kind == TYPE_PTR and name == service:
                    instance, _ = name_at(packet, offset)
                    found.setdefault(instance, {"name": instance})
                elif kind == TYPE_SRV:
                    _, _, port = struct.unpack("!HHH", packet[offset:offset + 6])
                    target, _ = name_at(packet, offset + 6)
                    found.setdefault(name, {"name": name}).update(port=port, target=target)
                elif kind == TYPE_TXT:
                    strings, position = [], offset
                    while position < offset + length:
                        size = packet[position]
                        strings.append(packet[position + 1:position + 1 + size].decode("utf-8"))
                        position += 1 + size
                    found.setdefault(name, {"name": name})["txt"] = strings
                elif kind == TYPE_A:
                    addresses[name] = socket.inet_ntoa(packet[offset:offset + 4])
    for entry in found.values():
        entry["address"] = addresses.get(entry.get("target"))
    print(json.dumps(sorted(found.values(), key=lambda entry: entry["name"])))


main()
