/* The session's libraries (CSessionLibraries.h), each function a call
   through the pointer dlsym gives on its first call. The prototypes are the
   headers' own: a function whose prototype differs fails to compile. */
#include "CSessionLibraries.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

/* A library: its file, its handle once loaded, dlopen's message if it failed. */
typedef struct {
    const char *file;
    _Atomic(void *) handle;
    _Atomic(const char *) error;
} tactile_lazy_library;

static tactile_lazy_library systemd = { "libsystemd.so.0", NULL, NULL };
static tactile_lazy_library xcb = { "libxcb.so.1", NULL, NULL };
static tactile_lazy_library randr = { "libxcb-randr.so.0", NULL, NULL };

/* Loads `library` once (dlopen is thread-safe and counts its loads, so a
   race loads it twice at worst and both handles are the same); its handle,
   or NULL with the reason kept. */
static void *tactile_lazy_load(tactile_lazy_library *library) {
    void *handle = atomic_load_explicit(&library->handle, memory_order_acquire);
    if (handle != NULL) return handle;
    handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        atomic_store_explicit(&library->error, reason != NULL ? reason : library->file, memory_order_release);
        return NULL;
    }
    atomic_store_explicit(&library->handle, handle, memory_order_release);
    return handle;
}

const char *tactile_session_library_error(tactile_session_library which) {
    tactile_lazy_library *library = which == TACTILE_SESSION_LIBRARY_SYSTEMD ? &systemd
        : which == TACTILE_SESSION_LIBRARY_XCB ? &xcb : &randr;
    if (tactile_lazy_load(library) != NULL) return NULL;
    const char *error = atomic_load_explicit(&library->error, memory_order_acquire);
    return error != NULL ? error : library->file;
}

/* `name` in `library`, NULL when either is missing. */
static void *tactile_lazy_symbol(tactile_lazy_library *library, const char *name) {
    void *handle = tactile_lazy_load(library);
    return handle != NULL ? dlsym(handle, name) : NULL;
}

/* Defines `name` (of the header's prototype) as a call through the pointer
   found on the first call; `fallback` when the library or the symbol is missing. */
#define TACTILE_LAZY(library, ret, name, params, args, fallback) \
    ret name params { \
        static _Atomic(__typeof__(&name)) function; \
        __typeof__(&name) found = atomic_load_explicit(&function, memory_order_relaxed); \
        if (found == NULL) { \
            found = (__typeof__(&name))tactile_lazy_symbol(&library, #name); \
            if (found == NULL) return fallback; \
            atomic_store_explicit(&function, found, memory_order_relaxed); \
        } \
        return found args; \
    }

/* TACTILE_LAZY for a function without a result. */
#define TACTILE_LAZY_VOID(library, name, params, args) \
    void name params { \
        static _Atomic(__typeof__(&name)) function; \
        __typeof__(&name) found = atomic_load_explicit(&function, memory_order_relaxed); \
        if (found == NULL) { \
            found = (__typeof__(&name))tactile_lazy_symbol(&library, #name); \
            if (found == NULL) return; \
            atomic_store_explicit(&function, found, memory_order_relaxed); \
        } \
        found args; \
    }

/* sd-bus (libsystemd.so.0). */
TACTILE_LAZY(systemd, int, sd_bus_add_object, (sd_bus *bus, sd_bus_slot **slot, const char *path, sd_bus_message_handler_t callback, void *userdata), (bus, slot, path, callback, userdata), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_call, (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply), (bus, m, usec, ret_error, reply), -ENOSYS)
TACTILE_LAZY_VOID(systemd, sd_bus_error_free, (sd_bus_error *e), (e))
TACTILE_LAZY(systemd, int, sd_bus_flush, (sd_bus *bus), (bus), -ENOSYS)
TACTILE_LAZY(systemd, sd_bus*, sd_bus_flush_close_unref, (sd_bus *bus), (bus), NULL)
TACTILE_LAZY(systemd, int, sd_bus_get_fd, (sd_bus *bus), (bus), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_match_signal, (sd_bus *bus, sd_bus_slot **ret, const char *sender, const char *path, const char *interface, const char *member, sd_bus_message_handler_t callback, void *userdata), (bus, ret, sender, path, interface, member, callback, userdata), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_exit_container, (sd_bus_message *m), (m), -ENOSYS)
TACTILE_LAZY(systemd, const char*, sd_bus_message_get_interface, (sd_bus_message *m), (m), NULL)
TACTILE_LAZY(systemd, const char*, sd_bus_message_get_member, (sd_bus_message *m), (m), NULL)
TACTILE_LAZY(systemd, const char*, sd_bus_message_get_sender, (sd_bus_message *m), (m), NULL)
TACTILE_LAZY(systemd, int, sd_bus_message_is_method_call, (sd_bus_message *m, const char *interface, const char *member), (m, interface, member), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_new_method_call, (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member), (bus, m, destination, path, interface, member), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_peek_type, (sd_bus_message *m, char *type, const char **contents), (m, type, contents), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_set_auto_start, (sd_bus_message *m, int b), (m, b), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types), -ENOSYS)
TACTILE_LAZY(systemd, sd_bus_message*, sd_bus_message_unref, (sd_bus_message *m), (m), NULL)
TACTILE_LAZY(systemd, int, sd_bus_new, (sd_bus **ret), (ret), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_reply_method_error, (sd_bus_message *call, const sd_bus_error *e), (call, e), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address), -ENOSYS)
TACTILE_LAZY(systemd, int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b), -ENOSYS)
TACTILE_LAZY(systemd, sd_bus_slot*, sd_bus_slot_unref, (sd_bus_slot *slot), (slot), NULL)
TACTILE_LAZY(systemd, int, sd_bus_start, (sd_bus *bus), (bus), -ENOSYS)
TACTILE_LAZY(systemd, sd_bus*, sd_bus_unref, (sd_bus *bus), (bus), NULL)

/* libxcb (libxcb.so.1) and RandR (libxcb-randr.so.0). */
TACTILE_LAZY(xcb, xcb_void_cookie_t, xcb_change_window_attributes, (xcb_connection_t *c, xcb_window_t window, uint32_t value_mask, const void *value_list), (c, window, value_mask, value_list), (xcb_void_cookie_t){0})
TACTILE_LAZY(xcb, xcb_connection_t *, xcb_connect, (const char *displayname, int *screenp), (displayname, screenp), NULL)
TACTILE_LAZY(xcb, int, xcb_connection_has_error, (xcb_connection_t *c), (c), XCB_CONN_ERROR)
TACTILE_LAZY_VOID(xcb, xcb_disconnect, (xcb_connection_t *c), (c))
TACTILE_LAZY(xcb, int, xcb_flush, (xcb_connection_t *c), (c), 0)
TACTILE_LAZY(xcb, xcb_get_atom_name_cookie_t, xcb_get_atom_name, (xcb_connection_t *c, xcb_atom_t atom), (c, atom), (xcb_get_atom_name_cookie_t){0})
TACTILE_LAZY(xcb, char *, xcb_get_atom_name_name, (const xcb_get_atom_name_reply_t *R), (R), NULL)
TACTILE_LAZY(xcb, int, xcb_get_atom_name_name_length, (const xcb_get_atom_name_reply_t *R), (R), 0)
TACTILE_LAZY(xcb, xcb_get_atom_name_reply_t *, xcb_get_atom_name_reply, (xcb_connection_t *c, xcb_get_atom_name_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY(xcb, int, xcb_get_file_descriptor, (xcb_connection_t *c), (c), -1)
TACTILE_LAZY(xcb, xcb_get_property_cookie_t, xcb_get_property, (xcb_connection_t *c, uint8_t _delete, xcb_window_t window, xcb_atom_t property, xcb_atom_t type, uint32_t long_offset, uint32_t long_length), (c, _delete, window, property, type, long_offset, long_length), (xcb_get_property_cookie_t){0})
TACTILE_LAZY(xcb, xcb_get_property_reply_t *, xcb_get_property_reply, (xcb_connection_t *c, xcb_get_property_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY(xcb, void *, xcb_get_property_value, (const xcb_get_property_reply_t *R), (R), NULL)
TACTILE_LAZY(xcb, int, xcb_get_property_value_length, (const xcb_get_property_reply_t *R), (R), 0)
TACTILE_LAZY(xcb, const struct xcb_setup_t *, xcb_get_setup, (xcb_connection_t *c), (c), NULL)
TACTILE_LAZY(xcb, xcb_intern_atom_cookie_t, xcb_intern_atom, (xcb_connection_t *c, uint8_t only_if_exists, uint16_t name_len, const char *name), (c, only_if_exists, name_len, name), (xcb_intern_atom_cookie_t){0})
TACTILE_LAZY(xcb, xcb_intern_atom_reply_t *, xcb_intern_atom_reply, (xcb_connection_t *c, xcb_intern_atom_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY(xcb, xcb_generic_event_t *, xcb_poll_for_event, (xcb_connection_t *c), (c), NULL)
TACTILE_LAZY(xcb, xcb_query_extension_cookie_t, xcb_query_extension, (xcb_connection_t *c, uint16_t name_len, const char *name), (c, name_len, name), (xcb_query_extension_cookie_t){0})
TACTILE_LAZY(xcb, xcb_query_extension_reply_t *, xcb_query_extension_reply, (xcb_connection_t *c, xcb_query_extension_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY(randr, xcb_randr_get_crtc_info_cookie_t, xcb_randr_get_crtc_info, (xcb_connection_t *c, xcb_randr_crtc_t crtc, xcb_timestamp_t config_timestamp), (c, crtc, config_timestamp), (xcb_randr_get_crtc_info_cookie_t){0})
TACTILE_LAZY(randr, xcb_randr_get_crtc_info_reply_t *, xcb_randr_get_crtc_info_reply, (xcb_connection_t *c, xcb_randr_get_crtc_info_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY(randr, xcb_randr_get_monitors_cookie_t, xcb_randr_get_monitors, (xcb_connection_t *c, xcb_window_t window, uint8_t get_active), (c, window, get_active), (xcb_randr_get_monitors_cookie_t){0})
TACTILE_LAZY(randr, xcb_randr_monitor_info_iterator_t, xcb_randr_get_monitors_monitors_iterator, (const xcb_randr_get_monitors_reply_t *R), (R), (xcb_randr_monitor_info_iterator_t){0})
TACTILE_LAZY(randr, xcb_randr_get_monitors_reply_t *, xcb_randr_get_monitors_reply, (xcb_connection_t *c, xcb_randr_get_monitors_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY(randr, xcb_randr_get_output_info_cookie_t, xcb_randr_get_output_info, (xcb_connection_t *c, xcb_randr_output_t output, xcb_timestamp_t config_timestamp), (c, output, config_timestamp), (xcb_randr_get_output_info_cookie_t){0})
TACTILE_LAZY(randr, xcb_randr_get_output_info_reply_t *, xcb_randr_get_output_info_reply, (xcb_connection_t *c, xcb_randr_get_output_info_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY_VOID(randr, xcb_randr_monitor_info_next, (xcb_randr_monitor_info_iterator_t *i), (i))
TACTILE_LAZY(randr, xcb_randr_output_t *, xcb_randr_monitor_info_outputs, (const xcb_randr_monitor_info_t *R), (R), NULL)
TACTILE_LAZY(randr, int, xcb_randr_monitor_info_outputs_length, (const xcb_randr_monitor_info_t *R), (R), 0)
TACTILE_LAZY(randr, xcb_randr_query_version_cookie_t, xcb_randr_query_version, (xcb_connection_t *c, uint32_t major_version, uint32_t minor_version), (c, major_version, minor_version), (xcb_randr_query_version_cookie_t){0})
TACTILE_LAZY(randr, xcb_randr_query_version_reply_t *, xcb_randr_query_version_reply, (xcb_connection_t *c, xcb_randr_query_version_cookie_t cookie, xcb_generic_error_t **e), (c, cookie, e), NULL)
TACTILE_LAZY(randr, xcb_void_cookie_t, xcb_randr_select_input, (xcb_connection_t *c, xcb_window_t window, uint16_t enable), (c, window, enable), (xcb_void_cookie_t){0})
TACTILE_LAZY_VOID(xcb, xcb_screen_next, (xcb_screen_iterator_t *i), (i))
TACTILE_LAZY(xcb, xcb_screen_iterator_t, xcb_setup_roots_iterator, (const xcb_setup_t *R), (R), (xcb_screen_iterator_t){0})
