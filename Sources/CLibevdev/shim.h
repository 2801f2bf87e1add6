#ifndef TACTILE_CLIBEVDEV_SHIM_H
#define TACTILE_CLIBEVDEV_SHIM_H

#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/* EVIOCGRAB is a macro with arguments Swift cannot import. */
static inline int tactile_evdev_grab(int fd, int grab) {
    return ioctl(fd, EVIOCGRAB, (void *)(long)grab);
}

#endif
