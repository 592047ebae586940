#include "CAvahi.h"
#include <CSharedLibrary.h>
#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-common/address.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The entry points of libavahi-common and libavahi-client the advertisement uses.
static struct {
    __typeof__(avahi_threaded_poll_new) *threaded_poll_new;
    __typeof__(avahi_threaded_poll_get) *threaded_poll_get;
    __typeof__(avahi_threaded_poll_start) *threaded_poll_start;
    __typeof__(avahi_threaded_poll_stop) *threaded_poll_stop;
    __typeof__(avahi_threaded_poll_free) *threaded_poll_free;
    __typeof__(avahi_strerror) *strerror;
    __typeof__(avahi_string_list_add) *string_list_add;
    __typeof__(avahi_string_list_free) *string_list_free;
    __typeof__(avahi_alternative_service_name) *alternative_service_name;
    __typeof__(avahi_alternative_host_name) *alternative_host_name;
    __typeof__(avahi_free) *free;
    __typeof__(avahi_address_parse) *address_parse;
    __typeof__(avahi_client_new) *client_new;
    __typeof__(avahi_client_free) *client_free;
    __typeof__(avahi_client_errno) *client_errno;
    __typeof__(avahi_entry_group_new) *entry_group_new;
    __typeof__(avahi_entry_group_add_service_strlst) *entry_group_add_service_strlst;
    __typeof__(avahi_entry_group_add_address) *entry_group_add_address;
    __typeof__(avahi_entry_group_commit) *entry_group_commit;
    __typeof__(avahi_entry_group_reset) *entry_group_reset;
    __typeof__(avahi_entry_group_get_client) *entry_group_get_client;
} api;

static widgethost_library common, client;
static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const common_names[] = {"libavahi-common.so.3"};
    static const char *const client_names[] = {"libavahi-client.so.3"};
    const char *missing = "Avahi's client library is not installed (libavahi-client3)";
    if (!widgethost_library_open(&common, common_names, 1, missing)) return;
    if (!widgethost_library_open(&client, client_names, 1, missing)) return;
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, threaded_poll_new, "avahi_threaded_poll_new");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, threaded_poll_get, "avahi_threaded_poll_get");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, threaded_poll_start, "avahi_threaded_poll_start");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, threaded_poll_stop, "avahi_threaded_poll_stop");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, threaded_poll_free, "avahi_threaded_poll_free");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, strerror, "avahi_strerror");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, string_list_add, "avahi_string_list_add");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, string_list_free, "avahi_string_list_free");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, alternative_service_name, "avahi_alternative_service_name");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, alternative_host_name, "avahi_alternative_host_name");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, free, "avahi_free");
    WIDGETHOST_LIBRARY_RESOLVE(&common, api, address_parse, "avahi_address_parse");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, client_new, "avahi_client_new");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, client_free, "avahi_client_free");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, client_errno, "avahi_client_errno");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, entry_group_new, "avahi_entry_group_new");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, entry_group_add_service_strlst, "avahi_entry_group_add_service_strlst");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, entry_group_add_address, "avahi_entry_group_add_address");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, entry_group_commit, "avahi_entry_group_commit");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, entry_group_reset, "avahi_entry_group_reset");
    WIDGETHOST_LIBRARY_RESOLVE(&client, api, entry_group_get_client, "avahi_entry_group_get_client");
    loaded = 1;
}

struct widgethost_mdns {
    AvahiThreadedPoll *poll;
    AvahiClient *client;
    AvahiEntryGroup *group;
    char *name;
    char *host;
    char *type;
    uint16_t port;
    size_t count;
    int32_t *interfaces;
    AvahiAddress *addresses;
    AvahiStringList *txt;
    widgethost_mdns_callback callback;
    void *context;
    /// While starting (no callback yet): why publishing failed, returned as the start's error.
    char early[256];
};

static void say(widgethost_mdns *mdns, widgethost_mdns_event event, const char *message) {
    if (mdns->callback) {
        mdns->callback(mdns->context, event, message);
    } else if (event == WIDGETHOST_MDNS_FAILED && mdns->early[0] == 0) {
        snprintf(mdns->early, sizeof mdns->early, "%s", message);
    }
}

static void fail(widgethost_mdns *mdns, AvahiClient *owner, const char *doing) {
    char message[256];
    snprintf(message, sizeof message, "%s: %s", doing, api.strerror(api.client_errno(owner)));
    say(mdns, WIDGETHOST_MDNS_FAILED, message);
}

static void publish(widgethost_mdns *mdns, AvahiClient *owner);

/// Replaces `*text` with Avahi's next alternative (`name #2`, `host-2`).
static void alternative(char **text, char *(*next)(const char *)) {
    char *made = next(*text);
    if (made == NULL) return;
    free(*text);
    *text = strdup(made);
    api.free(made);
}

static void group_changed(AvahiEntryGroup *group, AvahiEntryGroupState state, void *userdata) {
    widgethost_mdns *mdns = userdata;
    mdns->group = group;
    switch (state) {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
        say(mdns, WIDGETHOST_MDNS_ESTABLISHED, mdns->name);
        break;
    case AVAHI_ENTRY_GROUP_COLLISION:
        // Another machine has the instance name or the host name: the next of each, again.
        alternative(&mdns->name, api.alternative_service_name);
        alternative(&mdns->host, api.alternative_host_name);
        say(mdns, WIDGETHOST_MDNS_RENAMED, mdns->name);
        publish(mdns, api.entry_group_get_client(group));
        break;
    case AVAHI_ENTRY_GROUP_FAILURE:
        fail(mdns, api.entry_group_get_client(group), "the daemon refused the records");
        break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
        break;
    }
}

static void publish(widgethost_mdns *mdns, AvahiClient *owner) {
    if (mdns->group == NULL) {
        mdns->group = api.entry_group_new(owner, group_changed, mdns);
        if (mdns->group == NULL) {
            fail(mdns, owner, "cannot make an entry group");
            return;
        }
    } else {
        api.entry_group_reset(mdns->group);
    }
    char host[300];
    snprintf(host, sizeof host, "%s.local", mdns->host);
    for (size_t index = 0; index < mdns->count; index++) {
        int status = api.entry_group_add_address(mdns->group, mdns->interfaces[index], AVAHI_PROTO_INET,
                                                 AVAHI_PUBLISH_NO_REVERSE, host, &mdns->addresses[index]);
        if (status < 0) {
            fail(mdns, owner, "cannot add the address record");
            return;
        }
        status = api.entry_group_add_service_strlst(mdns->group, mdns->interfaces[index], AVAHI_PROTO_INET, 0,
                                                    mdns->name, mdns->type, NULL, host, mdns->port, mdns->txt);
        if (status == AVAHI_ERR_COLLISION) {
            group_changed(mdns->group, AVAHI_ENTRY_GROUP_COLLISION, mdns);
            return;
        }
        if (status < 0) {
            fail(mdns, owner, "cannot add the service");
            return;
        }
    }
    if (api.entry_group_commit(mdns->group) < 0) fail(mdns, owner, "cannot commit the records");
}

static void client_changed(AvahiClient *owner, AvahiClientState state, void *userdata) {
    widgethost_mdns *mdns = userdata;
    switch (state) {
    case AVAHI_CLIENT_S_RUNNING:
        publish(mdns, owner);
        break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
        // The daemon's own host name is changing: the records go, and come back once it runs.
        if (mdns->group) api.entry_group_reset(mdns->group);
        break;
    case AVAHI_CLIENT_FAILURE:
        fail(mdns, owner, "the Avahi daemon went away");
        break;
    case AVAHI_CLIENT_CONNECTING:
        break;
    }
}

static void release(widgethost_mdns *mdns) {
    if (mdns->client) api.client_free(mdns->client);
    if (mdns->poll) api.threaded_poll_free(mdns->poll);
    if (mdns->txt) api.string_list_free(mdns->txt);
    free(mdns->name);
    free(mdns->host);
    free(mdns->type);
    free(mdns->interfaces);
    free(mdns->addresses);
    free(mdns);
}

widgethost_mdns *widgethost_mdns_start(const char *name, const char *type, uint16_t port,
                                       const char *host_label, const int32_t *interfaces,
                                       const char *const *addresses, size_t count,
                                       const char *const *txt, size_t txt_count,
                                       widgethost_mdns_callback callback, void *context,
                                       char *error, size_t size) {
    pthread_once(&once, load);
    if (!loaded) {
        widgethost_library_reason(client.reason[0] ? &client : &common, error, size);
        return NULL;
    }
    widgethost_mdns *mdns = calloc(1, sizeof *mdns);
    if (mdns == NULL) {
        snprintf(error, size, "out of memory");
        return NULL;
    }
    mdns->name = strdup(name);
    mdns->host = strdup(host_label);
    mdns->type = strdup(type);
    mdns->port = port;
    mdns->count = count;
    mdns->interfaces = calloc(count ? count : 1, sizeof *mdns->interfaces);
    mdns->addresses = calloc(count ? count : 1, sizeof *mdns->addresses);
    if (!mdns->name || !mdns->host || !mdns->type || !mdns->interfaces || !mdns->addresses) {
        release(mdns);
        snprintf(error, size, "out of memory");
        return NULL;
    }
    for (size_t index = 0; index < count; index++) {
        mdns->interfaces[index] = interfaces[index];
        if (api.address_parse(addresses[index], AVAHI_PROTO_INET, &mdns->addresses[index]) == NULL) {
            snprintf(error, size, "%s is not an IPv4 address", addresses[index]);
            release(mdns);
            return NULL;
        }
    }
    for (size_t index = 0; index < txt_count; index++) mdns->txt = api.string_list_add(mdns->txt, txt[index]);
    mdns->poll = api.threaded_poll_new();
    if (mdns->poll == NULL) {
        snprintf(error, size, "cannot start Avahi's event loop");
        release(mdns);
        return NULL;
    }
    int code = 0;
    // Callbacks may come before this returns (the daemon answers at once), on this thread.
    mdns->client = api.client_new(api.threaded_poll_get(mdns->poll), 0, client_changed, mdns, &code);
    if (mdns->client == NULL) {
        snprintf(error, size, "%s", api.strerror(code));
        release(mdns);
        return NULL;
    }
    if (mdns->early[0] != 0) {
        snprintf(error, size, "%s", mdns->early);
        release(mdns);
        return NULL;
    }
    // Set before the loop starts: from here on, news comes from its thread only.
    mdns->callback = callback;
    mdns->context = context;
    if (api.threaded_poll_start(mdns->poll) < 0) {
        snprintf(error, size, "cannot start Avahi's event loop");
        mdns->callback = NULL;
        release(mdns);
        return NULL;
    }
    return mdns;
}

void widgethost_mdns_stop(widgethost_mdns *mdns) {
    if (mdns == NULL) return;
    api.threaded_poll_stop(mdns->poll);
    mdns->callback = NULL;
    release(mdns);
}
