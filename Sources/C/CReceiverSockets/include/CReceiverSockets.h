#ifndef WIDGETHOST_CRECEIVERSOCKETS_H
#define WIDGETHOST_CRECEIVERSOCKETS_H
#include <stddef.h>
#include <sys/types.h>

/// The C library's `recv`, defined in the program itself so that libmicrohttpd's reads of the
/// receiver's connections come here first.
///
/// libmicrohttpd reads every request of a kept-alive connection with `recv(fd, buffer, length, 0)`
/// and parses the head alone. The receiver checks every head before it does: a connection the
/// receiver watches (``widgethost_receiver_watch``) has its plain reads (flags 0) answered by the
/// hook the receiver installed, which peeks at the bytes, checks each head they begin and passes
/// on only what is checked. Every other call, on any other socket or with any flag, goes straight
/// to the C library (`recvfrom` without an address): a bounds check and one atomic load more.

/// What answers a watched connection's plain reads: the `recv` contract (bytes, 0 at the end, or
/// -1 with `errno`).
typedef ssize_t (*widgethost_receiver_reader)(int fd, void *buffer, size_t length);

/// Installs the reader (once per process; later calls replace it).
void widgethost_receiver_set_reader(widgethost_receiver_reader reader);
/// Watches a connection's socket; 0 when its number is beyond what can be watched (it is not).
int widgethost_receiver_watch(int fd);
/// Stops watching a socket (before it is closed).
void widgethost_receiver_unwatch(int fd);
/// The C library's own read, for the reader itself: `recv(fd, buffer, length, 0)`.
ssize_t widgethost_receiver_read(int fd, void *buffer, size_t length);
/// What the socket holds, without taking it and without waiting (`MSG_PEEK | MSG_DONTWAIT`).
ssize_t widgethost_receiver_peek(int fd, void *buffer, size_t length);
/// Takes what was peeked at, without waiting (`MSG_DONTWAIT`).
ssize_t widgethost_receiver_take(int fd, void *buffer, size_t length);
/// Whether the definition here is the one libmicrohttpd's calls reach (1) or not (0).
int widgethost_receiver_recv_is_interposed(void);
#endif
