#ifndef WIDGETHOST_CAVAHI_H
#define WIDGETHOST_CAVAHI_H

/// A DNS-SD service advertised over mDNS through the Avahi daemon (Debian's avahi-daemon), with
/// its client library loaded with `dlopen` when the studio first advertises, so `widgethost-serve`
/// starts without mapping it and runs where Avahi is not installed. The only code that touches
/// Avahi's pointers: the Swift side holds an opaque advertisement and gets its news through a
/// callback.
///
/// The service is published under a host name of its own, with one IPv4 address record per
/// interface it is published on, so a client finds exactly the address the service listens on
/// (the daemon's own host name would also bring its IPv6 addresses, and the app's extension
/// cannot connect to those).

#include <stddef.h>
#include <stdint.h>

/// An advertisement: the service under one instance name, on the interfaces given.
typedef struct widgethost_mdns widgethost_mdns;

/// What happened to an advertisement, said on Avahi's thread.
typedef enum {
    /// The records are probed and announced: clients find the service (`message` is its name).
    WIDGETHOST_MDNS_ESTABLISHED = 0,
    /// Another service had the name; it is advertised again under `message`.
    WIDGETHOST_MDNS_RENAMED = 1,
    /// It is not advertised (any more): `message` says why.
    WIDGETHOST_MDNS_FAILED = 2,
} widgethost_mdns_event;

/// Receives the news of an advertisement, with the `context` it was started with.
typedef void (*widgethost_mdns_callback)(void *context, widgethost_mdns_event event, const char *message);

/// Starts advertising the instance `name` of the service `type` (e.g. `_omniwidgets-code._tcp`)
/// at `port`, with the TXT strings `txt`, on the `count` interfaces `interfaces` (indexes), each
/// with the IPv4 address `addresses[i]` under the host name `host_label`.local. Returns NULL,
/// with the reason in `error` (at most `size` bytes), when it cannot: the library is missing, the
/// daemon is not running, an address is not IPv4. Later news comes through `callback`.
widgethost_mdns *widgethost_mdns_start(const char *name, const char *type, uint16_t port,
                                       const char *host_label, const int32_t *interfaces,
                                       const char *const *addresses, size_t count,
                                       const char *const *txt, size_t txt_count,
                                       widgethost_mdns_callback callback, void *context,
                                       char *error, size_t size);

/// Withdraws the advertisement (the daemon says goodbye for its records) and frees it; no
/// callback comes once it returns.
void widgethost_mdns_stop(widgethost_mdns *mdns);

#endif
