// The serve cost rows' floor: the least a program can do with a touchscreen's
// events, measured beside tactile serve and lisgd on the same testbed.
//
//   serve-floor read NODE   read the node's events and drop them (lisgd's floor:
//                           it must read what it recognizes)
//   serve-floor copy NODE   take the node (EVIOCGRAB), make a uinput copy of it,
//                           a uinput keyboard (KEY_ESC to KEY_MICMUTE, as the
//                           service's) and an absolute pointer in the node's
//                           units (three buttons, the wheels), and write every
//                           event read to the copy (tactile serve's floor with
//                           its default config: it passes on what it does not
//                           claim, types its actions' keys, clicks and scrolls)
//
// Once set up it says so on standard error ("serve-floor: NODE: ready"): the
// bench's start-up floor. One read per wake-up: a read that returns less than
// its buffer emptied the node, so the program sleeps in poll(2) until the next
// frame. It ends on SIGTERM or when the node goes away. Built by tactile-bench
// with the toolchain's clang at -O2; it is C so that the floor is the system
// calls.
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define BITS_PER_LONG (sizeof(unsigned long) * 8)
#define TEST_BIT(bits, bit) (((bits)[(bit) / BITS_PER_LONG] >> ((bit) % BITS_PER_LONG)) & 1UL)

static int fail(const char *what, const char *where) {
    fprintf(stderr, "serve-floor: %s %s: %s\n", what, where, strerror(errno));
    return 1;
}

/// Copies the node's absolute axis `axis` (its range and resolution) to the uinput device being set up.
static void copy_axis(int node, int device, int axis) {
    struct uinput_abs_setup setup = {.code = (unsigned short)axis};
    if (ioctl(node, EVIOCGABS(axis), &setup.absinfo) < 0) return;
    ioctl(device, UI_SET_ABSBIT, axis);
    ioctl(device, UI_ABS_SETUP, &setup);
}

/// Names the uinput device being set up and creates it: its descriptor, or -1 (closed).
static int create(int device, const char *name, unsigned short product) {
    struct uinput_setup setup = {.id = {.bustype = BUS_VIRTUAL, .vendor = 1, .product = product}};
    snprintf(setup.name, sizeof setup.name, "serve-floor %s", name);
    if (ioctl(device, UI_DEV_SETUP, &setup) < 0 || ioctl(device, UI_DEV_CREATE) < 0) {
        close(device);
        return -1;
    }
    return device;
}

/// A uinput device with the node's axes, keys and properties; its descriptor, or -1.
static int make_copy(int node) {
    int copy = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (copy < 0) return -1;
    unsigned long keys[KEY_CNT / BITS_PER_LONG + 1] = {0}, axes[ABS_CNT / BITS_PER_LONG + 1] = {0};
    unsigned long props[INPUT_PROP_CNT / BITS_PER_LONG + 1] = {0};
    if (ioctl(node, EVIOCGBIT(EV_KEY, sizeof keys), keys) < 0) memset(keys, 0, sizeof keys);
    if (ioctl(node, EVIOCGBIT(EV_ABS, sizeof axes), axes) < 0) memset(axes, 0, sizeof axes);
    if (ioctl(node, EVIOCGPROP(sizeof props), props) < 0) memset(props, 0, sizeof props);
    ioctl(copy, UI_SET_EVBIT, EV_SYN);
    ioctl(copy, UI_SET_EVBIT, EV_KEY);
    ioctl(copy, UI_SET_EVBIT, EV_ABS);
    for (int key = 0; key < KEY_CNT; key++)
        if (TEST_BIT(keys, key)) ioctl(copy, UI_SET_KEYBIT, key);
    for (int prop = 0; prop < INPUT_PROP_CNT; prop++)
        if (TEST_BIT(props, prop)) ioctl(copy, UI_SET_PROPBIT, prop);
    for (int axis = 0; axis < ABS_CNT; axis++)
        if (TEST_BIT(axes, axis)) copy_axis(node, copy, axis);
    return create(copy, "copy", 1);
}

/// A uinput keyboard with the service's keys; its descriptor, or -1.
static int make_keyboard(void) {
    int keyboard = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (keyboard < 0) return -1;
    ioctl(keyboard, UI_SET_EVBIT, EV_SYN);
    ioctl(keyboard, UI_SET_EVBIT, EV_KEY);
    for (int key = KEY_ESC; key <= KEY_MICMUTE; key++) ioctl(keyboard, UI_SET_KEYBIT, key);
    return create(keyboard, "keyboard", 2);
}

/// An absolute pointer over the node's X and Y, with three buttons and the wheels; its descriptor, or -1.
static int make_pointer(int node) {
    int pointer = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (pointer < 0) return -1;
    ioctl(pointer, UI_SET_EVBIT, EV_SYN);
    ioctl(pointer, UI_SET_EVBIT, EV_KEY);
    ioctl(pointer, UI_SET_EVBIT, EV_ABS);
    ioctl(pointer, UI_SET_EVBIT, EV_REL);
    const int buttons[] = {BTN_LEFT, BTN_RIGHT, BTN_MIDDLE}, wheels[] = {REL_HWHEEL, REL_WHEEL, REL_WHEEL_HI_RES, REL_HWHEEL_HI_RES};
    for (size_t index = 0; index < sizeof buttons / sizeof buttons[0]; index++) ioctl(pointer, UI_SET_KEYBIT, buttons[index]);
    for (size_t index = 0; index < sizeof wheels / sizeof wheels[0]; index++) ioctl(pointer, UI_SET_RELBIT, wheels[index]);
    for (int axis = ABS_X; axis <= ABS_Y; axis++) copy_axis(node, pointer, axis);
    return create(pointer, "pointer", 3);
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[1], "read") != 0 && strcmp(argv[1], "copy") != 0)) {
        fprintf(stderr, "usage: serve-floor read|copy NODE\n");
        return 2;
    }
    int copying = strcmp(argv[1], "copy") == 0;
    int node = open(argv[2], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (node < 0) return fail("cannot open", argv[2]);
    int copy = -1;
    if (copying) {
        if (ioctl(node, EVIOCGRAB, 1) < 0) return fail("cannot grab", argv[2]);
        copy = make_copy(node);
        if (copy < 0) return fail("cannot make a uinput copy of", argv[2]);
        if (make_keyboard() < 0) return fail("cannot make a uinput keyboard beside", argv[2]);
        if (make_pointer(node) < 0) return fail("cannot make a uinput pointer beside", argv[2]);
    }
    fprintf(stderr, "serve-floor: %s: ready\n", argv[2]);
    struct input_event events[64];
    size_t kept = 0;  // bytes of a part of an event read before its rest
    struct pollfd wait = {.fd = node, .events = POLLIN};
    for (;;) {
        if (poll(&wait, 1, -1) < 0) {
            if (errno == EINTR) continue;
            return fail("cannot poll", argv[2]);
        }
        if (wait.revents & (POLLHUP | POLLERR | POLLNVAL)) return 0;
        char *buffer = (char *)events;
        ssize_t count = read(node, buffer + kept, sizeof events - kept);
        if (count < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            if (errno == ENODEV) return 0;
            return fail("cannot read", argv[2]);
        }
        if (count == 0) return 0;
        size_t total = kept + (size_t)count, whole = total - total % sizeof events[0];
        if (copying && whole > 0) {
            size_t offset = 0;
            while (offset < whole) {
                ssize_t written = write(copy, buffer + offset, whole - offset);
                if (written < 0 && errno == EINTR) continue;
                if (written <= 0) return fail("cannot write to the uinput copy of", argv[2]);
                offset += (size_t)written;
            }
        }
        kept = total - whole;
        memmove(buffer, buffer + whole, kept);
    }
}
