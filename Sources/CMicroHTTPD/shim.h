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

/* The status of an error answer libmicrohttpd is about to send on its own, read from the line it
   logs first ("Error processing request (HTTP response code is %u ('%s')). Closing connection.",
   0.9.75); 0 for any other line. */
static inline unsigned widgethost_error_answer_status(const char *format, va_list arguments) {
    static const char prefix[] = "Error processing request (HTTP response code is %u";
    if (format == NULL || strncmp(format, prefix, sizeof prefix - 1) != 0) return 0;
    va_list copy;
    va_copy(copy, arguments);
    unsigned status = va_arg(copy, unsigned);
    va_end(copy);
    return status;
}

/* Whether libmicrohttpd holds the whole head of the connection's request and has queued no
   answer to it yet. */
static inline int widgethost_head_unanswered(struct MHD_Connection *connection) {
    return MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE) != NULL
        && MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS) == NULL;
}
#endif
