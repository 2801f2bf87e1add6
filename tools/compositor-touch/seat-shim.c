/* An LD_PRELOAD shim that lets a wlroots compositor (sway 1.7, phoc 0.24: wlroots 0.15)
 * read input devices through libseat 0.7's `noop` backend (LIBSEAT_BACKEND=noop), and says
 * on standard error what libinput hands it, for tools/compositor-touch.py. It declares the
 * few prototypes and constants it needs itself: no headers of libseat or libinput.
 *
 * libseat 0.7's noop backend never enables its seat (it forgets to set its initial_setup
 * flag, so enable_seat is never called and wlroots' session stays inactive), names the seat
 * "noop" (libinput then assigns it no device of seat0), and opens devices blocking, which
 * would hang libinput's reads. So:
 *   - libseat_open_seat calls the real one, then the listener's enable_seat at once;
 *   - libseat_seat_name says "seat0";
 *   - libseat_open_device opens the node itself, non-blocking; the descriptor is the device's
 *     id, which noop's libseat_close_device ignores (wlroots closes the descriptor itself).
 * open() goes through umockdev's preload (listed before this shim), which maps /dev to the
 * testbed.
 *
 * libinput_event_get_type, which wlroots calls once for each event it takes from libinput,
 * logs "seat-shim: libinput NAME" for a device added and for every touch event: when the
 * compositor has the device, and what it was given (to compare with what its clients get).
 *
 * Build: gcc -shared -fPIC -o seat-shim.so seat-shim.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>

struct libseat;

struct libseat_seat_listener {
    void (*enable_seat)(struct libseat *seat, void *userdata);
    void (*disable_seat)(struct libseat *seat, void *userdata);
};

struct libseat *libseat_open_seat(const struct libseat_seat_listener *listener, void *userdata) {
    struct libseat *(*real)(const struct libseat_seat_listener *, void *) =
        (struct libseat *(*)(const struct libseat_seat_listener *, void *))dlsym(RTLD_NEXT, "libseat_open_seat");
    if (real == NULL) {
        fprintf(stderr, "seat-shim: libseat_open_seat not found\n");
        return NULL;
    }
    struct libseat *seat = real(listener, userdata);
    if (seat != NULL) {
        fprintf(stderr, "seat-shim: seat opened, enabling it as seat0\n");
        listener->enable_seat(seat, userdata);
    }
    return seat;
}

const char *libseat_seat_name(struct libseat *seat) {
    (void)seat;
    return "seat0";
}

int libseat_open_device(struct libseat *seat, const char *path, int *fd) {
    (void)seat;
    int opened = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (opened < 0) {
        perror("seat-shim: open");
        return -1;
    }
    fprintf(stderr, "seat-shim: opened %s as %d\n", path, opened);
    *fd = opened;
    return opened;
}

struct libinput_event;

int libinput_event_get_type(struct libinput_event *event) {
    /* enum libinput_event_type of libinput.h */
    static const struct { int type; const char *name; } names[] = {
        {1, "device-added"}, {500, "down"}, {501, "up"}, {502, "motion"}, {503, "cancel"}, {504, "frame"},
    };
    static int (*real)(struct libinput_event *);
    if (real == NULL) {
        real = (int (*)(struct libinput_event *))dlsym(RTLD_NEXT, "libinput_event_get_type");
    }
    int type = real(event);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (names[i].type == type) {
            fprintf(stderr, "seat-shim: libinput %s\n", names[i].name);
        }
    }
    return type;
}
