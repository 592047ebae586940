#define _GNU_SOURCE
#include "CReceiverSockets.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <sys/socket.h>

// One flag per socket number the process can have open (the usual hard limit on open files);
// untouched pages of it are never made resident.
#define WATCHABLE (1 << 20)
static _Atomic unsigned char watched[WATCHABLE];
static _Atomic(widgethost_receiver_reader) reader = NULL;

void widgethost_receiver_set_reader(widgethost_receiver_reader installed) {
    atomic_store_explicit(&reader, installed, memory_order_release);
}

int widgethost_receiver_watch(int fd) {
    if (fd < 0 || fd >= WATCHABLE) return 0;
    atomic_store_explicit(&watched[fd], 1, memory_order_release);
    return 1;
}

void widgethost_receiver_unwatch(int fd) {
    if (fd < 0 || fd >= WATCHABLE) return;
    atomic_store_explicit(&watched[fd], 0, memory_order_release);
}

ssize_t widgethost_receiver_read(int fd, void *buffer, size_t length) {
    return recvfrom(fd, buffer, length, 0, NULL, NULL);
}

ssize_t widgethost_receiver_peek(int fd, void *buffer, size_t length) {
    return recvfrom(fd, buffer, length, MSG_PEEK | MSG_DONTWAIT, NULL, NULL);
}

ssize_t widgethost_receiver_take(int fd, void *buffer, size_t length) {
    return recvfrom(fd, buffer, length, MSG_DONTWAIT, NULL, NULL);
}

ssize_t recv(int fd, void *buffer, size_t length, int flags) {
    if (flags == 0 && fd >= 0 && fd < WATCHABLE && atomic_load_explicit(&watched[fd], memory_order_acquire)) {
        widgethost_receiver_reader installed = atomic_load_explicit(&reader, memory_order_acquire);
        if (installed != NULL) return installed(fd, buffer, length);
    }
    return recvfrom(fd, buffer, length, flags, NULL, NULL);
}

int widgethost_receiver_recv_is_interposed(void) {
    // The address the dynamic linker gives libmicrohttpd for `recv` is this definition's.
    void *found = dlsym(RTLD_DEFAULT, "recv");
    return found == (void *)&recv;
}
