#ifndef WIDGETHOST_CMICROHTTPD_SHIM_H
#define WIDGETHOST_CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/statvfs.h>
#include <microhttpd.h>

/* The socket of a connection (MHD_get_connection_info is variadic, which Swift cannot call). */
static inline int widgethost_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

#endif
