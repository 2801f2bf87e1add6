#ifndef TACTILE_CLIBEVDEV_SHIM_H
#define TACTILE_CLIBEVDEV_SHIM_H

#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

/* EVIOCGRAB is a macro with arguments Swift cannot import. */
static inline int tactile_evdev_grab(int fd, int grab) {
    return ioctl(fd, EVIOCGRAB, (void *)(long)grab);
}

/* Whether `path` names an input character device (major 13, the kernel's
   INPUT_MAJOR): 1 yes, 0 no, -1 when stat fails (errno set). Checked before
   open(2), so that opening a path never has another device's side effects. */
static inline int tactile_evdev_is_input_node(const char *path) {
    struct stat info;
    if (stat(path, &info) != 0) return -1;
    return S_ISCHR(info.st_mode) && major(info.st_rdev) == 13;
}

/* The ABS_MT_SLOT range a node announces, read with raw ioctls before
   libevdev sizes its slot state by it (libevdev sets no limit, and keeps an
   array of that many slots on the stack): 1 with the range filled in, 0 when
   the node has no ABS_MT_SLOT, -1 on error (errno set). */
static inline int tactile_evdev_slot_range(int fd, int *minimum, int *maximum) {
    unsigned long bits[(ABS_CNT + 8 * sizeof(long) - 1) / (8 * sizeof(long))] = {0};
    if (ioctl(fd, EVIOCGBIT(EV_ABS, sizeof(bits)), bits) < 0) return -1;
    if (!(bits[ABS_MT_SLOT / (8 * sizeof(long))] & (1UL << (ABS_MT_SLOT % (8 * sizeof(long)))))) return 0;
    struct input_absinfo info;
    if (ioctl(fd, EVIOCGABS(ABS_MT_SLOT), &info) < 0) return -1;
    *minimum = info.minimum;
    *maximum = info.maximum;
    return 1;
}

#endif
