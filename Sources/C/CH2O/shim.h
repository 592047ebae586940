#ifndef WIDGETHOST_CH2O_SHIM_H
#define WIDGETHOST_CH2O_SHIM_H
/* H2O's HTTP library (Debian's libh2o-evloop-dev) on its own event loop, not libuv's. */
#define H2O_USE_LIBUV 0
#include <h2o.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/statvfs.h>

/* One event loop serving one listening socket: H2O parses every request (picohttpparser) and
 * answers what it cannot parse itself; what it parsed goes to `on_request`. The other callbacks
 * tell the owner that a connection was accepted (it returns 0 to have it closed at once), that
 * a request's answer was sent, that a connection closed (its socket already closed), and that
 * the wake pipe was written to. All of them run on the loop's thread. */
typedef struct widgethost_h2o_loop {
    h2o_globalconf_t config;
    h2o_context_t context;
    h2o_accept_ctx_t accept;
    h2o_socket_t *listener;
    h2o_socket_t *waker;
    int wake[2];
    void *owner;
    void (*on_request)(void *owner, h2o_req_t *request, int fd);
    int (*on_accept)(void *owner, int fd);
    void (*on_answered)(void *owner, int fd);
    void (*on_closed)(void *owner, int fd);
    void (*on_wake)(void *owner);
} widgethost_h2o_loop;

typedef struct {
    h2o_handler_t super;
    widgethost_h2o_loop *loop;
} widgethost_h2o_handler;

typedef struct {
    widgethost_h2o_loop *loop;
    int fd;
} widgethost_h2o_connection;

static inline int widgethost_h2o_request_fd(h2o_req_t *request) {
    h2o_socket_t *socket = request->conn->callbacks->get_socket(request->conn);
    return socket == NULL ? -1 : h2o_socket_get_fd(socket);
}

/* Called when the request's memory is released: its answer has been sent (or its connection closed). */
static void widgethost_h2o_request_done(void *data) {
    widgethost_h2o_connection *done = data;
    done->loop->on_answered(done->loop->owner, done->fd);
}

static int widgethost_h2o_on_req(h2o_handler_t *self, h2o_req_t *request) {
    widgethost_h2o_loop *loop = ((widgethost_h2o_handler *)self)->loop;
    int fd = widgethost_h2o_request_fd(request);
    widgethost_h2o_connection *done = h2o_mem_alloc_shared(&request->pool, sizeof(*done), widgethost_h2o_request_done);
    done->loop = loop;
    done->fd = fd;
    loop->on_request(loop->owner, request, fd);
    return 0;
}

static void widgethost_h2o_on_close(void *data) {
    widgethost_h2o_connection *closed = data;
    closed->loop->on_closed(closed->loop->owner, closed->fd);
    free(closed);
}

static void widgethost_h2o_on_accept(h2o_socket_t *listener, const char *error) {
    widgethost_h2o_loop *loop = listener->data;
    if (error != NULL) return;
    for (int count = 0; count < 64; ++count) {
        h2o_socket_t *socket = h2o_evloop_socket_accept(listener);
        if (socket == NULL) return;
        int fd = h2o_socket_get_fd(socket);
        widgethost_h2o_connection *closed = malloc(sizeof(*closed));
        if (closed == NULL || !loop->on_accept(loop->owner, fd)) {
            free(closed);
            h2o_socket_close(socket);
            continue;
        }
        closed->loop = loop;
        closed->fd = fd;
        socket->on_close.cb = widgethost_h2o_on_close;
        socket->on_close.data = closed;
        h2o_accept(&loop->accept, socket);
    }
}

static void widgethost_h2o_on_wake(h2o_socket_t *socket, const char *error) {
    widgethost_h2o_loop *loop = socket->data;
    if (error != NULL) return;
    h2o_buffer_consume(&socket->input, socket->input->size);
    loop->on_wake(loop->owner);
}

/* A loop on `listen_fd` (a copy of it is taken): bodies up to `body_limit` bytes (H2O answers
 * 413 beyond), a request that has not arrived whole `timeout_ms` after its connection went idle
 * is closed. NULL when a pipe or the copy cannot be made. */
static inline widgethost_h2o_loop *widgethost_h2o_loop_create(int listen_fd, size_t body_limit, uint64_t timeout_ms, void *owner) {
    widgethost_h2o_loop *loop = calloc(1, sizeof(*loop));
    if (loop == NULL) return NULL;
    int listen_copy = fcntl(listen_fd, F_DUPFD_CLOEXEC, 0);
    if (listen_copy < 0 || pipe2(loop->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        if (listen_copy >= 0) close(listen_copy);
        free(loop);
        return NULL;
    }
    fcntl(listen_copy, F_SETFL, fcntl(listen_copy, F_GETFL) | O_NONBLOCK);
    loop->owner = owner;
    h2o_config_init(&loop->config);
    loop->config.server_name = h2o_iovec_init(H2O_STRLIT(""));
    loop->config.max_request_entity_size = body_limit;
    loop->config.http1.req_timeout = timeout_ms;
    loop->config.http1.upgrade_to_http2 = 0;
    h2o_hostconf_t *host = h2o_config_register_host(&loop->config, h2o_iovec_init(H2O_STRLIT("default")), 65535);
    h2o_pathconf_t *path = h2o_config_register_path(host, "/", 0);
    widgethost_h2o_handler *handler = (widgethost_h2o_handler *)h2o_create_handler(path, sizeof(*handler));
    handler->super.on_req = widgethost_h2o_on_req;
    handler->loop = loop;
    h2o_context_init(&loop->context, h2o_evloop_create(), &loop->config);
    loop->accept.ctx = &loop->context;
    loop->accept.hosts = loop->config.hosts;
    loop->listener = h2o_evloop_socket_create(loop->context.loop, listen_copy, H2O_SOCKET_FLAG_DONT_READ);
    loop->listener->data = loop;
    loop->waker = h2o_evloop_socket_create(loop->context.loop, loop->wake[0], 0);
    loop->waker->data = loop;
    h2o_socket_read_start(loop->waker, widgethost_h2o_on_wake);
    return loop;
}

/* Starts accepting (once the callbacks are set). */
static inline void widgethost_h2o_listen(widgethost_h2o_loop *loop) {
    h2o_socket_read_start(loop->listener, widgethost_h2o_on_accept);
}

/* Stops accepting and closes the loop's copy of the listening socket. */
static inline void widgethost_h2o_stop_listening(widgethost_h2o_loop *loop) {
    if (loop->listener == NULL) return;
    h2o_socket_read_stop(loop->listener);
    h2o_socket_close(loop->listener);
    loop->listener = NULL;
}

/* Waits for events and handles them (at most `wait_ms`). */
static inline int widgethost_h2o_run(widgethost_h2o_loop *loop, int32_t wait_ms) {
    return h2o_evloop_run(loop->context.loop, wait_ms);
}

/* Wakes the loop from any thread (`on_wake` runs on its thread). */
static inline void widgethost_h2o_wake(widgethost_h2o_loop *loop) {
    char byte = 1;
    ssize_t written = write(loop->wake[1], &byte, 1);
    (void)written;
}

/* Frees the loop, once every connection is closed and it runs no more. */
static inline void widgethost_h2o_loop_destroy(widgethost_h2o_loop *loop) {
    widgethost_h2o_stop_listening(loop);
    h2o_socket_read_stop(loop->waker);
    h2o_socket_close(loop->waker);
    h2o_evloop_run(loop->context.loop, 0);
    h2o_evloop_t *evloop = loop->context.loop;
    h2o_context_dispose(&loop->context);
    h2o_evloop_destroy(evloop);
    h2o_config_dispose(&loop->config);
    close(loop->wake[1]);
    free(loop);
}

/* The request's method, target (the query not split off), Host header and body. */
static inline h2o_iovec_t widgethost_h2o_method(h2o_req_t *request) { return request->input.method; }
static inline h2o_iovec_t widgethost_h2o_path(h2o_req_t *request) { return request->input.path; }
/* (Without a Host header, H2O names the host configuration's own authority instead: absent here.) */
static inline h2o_iovec_t widgethost_h2o_host(h2o_req_t *request) {
    if (request->hostconf != NULL && request->input.authority.base == request->hostconf->authority.hostport.base)
        return h2o_iovec_init(NULL, 0);
    return request->input.authority;
}
static inline h2o_iovec_t widgethost_h2o_body(h2o_req_t *request) { return request->entity; }
/* 0x100 for HTTP/1.0, 0x101 for HTTP/1.1. */
static inline int widgethost_h2o_version(h2o_req_t *request) { return request->version; }

/* A request header's value by its lower-case name (the first one); base NULL when absent. */
static inline h2o_iovec_t widgethost_h2o_header(h2o_req_t *request, const char *name) {
    ssize_t index = h2o_find_header_by_str(&request->headers, name, strlen(name), -1);
    return index < 0 ? h2o_iovec_init(NULL, 0) : request->headers.entries[index].value;
}

/* Adds a header to the answer (copied). */
static inline void widgethost_h2o_add_header(h2o_req_t *request, const char *name, const char *value) {
    h2o_iovec_t lower = h2o_strdup(&request->pool, name, strlen(name));
    h2o_strtolower(lower.base, lower.len);
    h2o_iovec_t copy = h2o_strdup(&request->pool, value, strlen(value));
    h2o_add_header_by_str(&request->pool, &request->res.headers, lower.base, lower.len, 1,
                          h2o_strdup(&request->pool, name, strlen(name)).base, copy.base, copy.len);
}

/* Sends the answer: `status`, the headers added, `body` (copied); the connection is closed
 * after it when `closes`. */
static inline void widgethost_h2o_send(h2o_req_t *request, int status, const char *reason, const void *body, size_t length,
                                       int closes) {
    request->res.status = status;
    request->res.reason = h2o_strdup(&request->pool, reason, strlen(reason)).base;
    request->res.content_length = length;
    if (closes) request->http1_is_persistent = 0;
    h2o_send_inline(request, body, length);
}
#endif
