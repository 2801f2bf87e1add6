#ifndef TACTILE_CLIBEVDEV_SHIM_H
#define TACTILE_CLIBEVDEV_SHIM_H

#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/uinput.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <linux/input.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

/* An eventfd that wakes a poll(2) from another thread: close-on-exec,
   non-blocking (the constants are an enum Swift imports awkwardly). */
static inline int tactile_wake_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

/* A pipe whose ends are non-blocking and close-on-exec from the start
   (pipe2(2), which glibc declares only with _GNU_SOURCE). */
static inline int tactile_pipe(int ends[2]) {
    return (int)syscall(SYS_pipe2, ends, O_NONBLOCK | O_CLOEXEC);
}

/* UI_SET_PHYS is a macro with arguments Swift cannot import. Before
   UI_DEV_CREATE: the physical path the uinput device will report. */
static inline int tactile_uinput_set_phys(int fd, const char *phys) {
    return ioctl(fd, UI_SET_PHYS, phys);
}

/* The event node of a uinput device from its sysfs directory `syspath`
   (`/sys/devices/virtual/input/input7` holds `event7`): "/dev/input/event7"
   into `node` (`size` bytes). 1 found, 0 none, -1 when the directory cannot
   be read (errno set). libevdev looks with scandir(3), which glibc runs on its
   internal opendir, out of reach of an LD_PRELOAD wrapper such as umockdev's;
   opendir/readdir here are the public ones. */
static inline int tactile_uinput_find_node(const char *syspath, char *node, size_t size) {
    DIR *dir = opendir(syspath);
    if (dir == NULL) return -1;
    int found = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (strncmp(entry->d_name, "event", 5) != 0) continue;
        int length = snprintf(node, size, "/dev/input/%s", entry->d_name);
        found = length > 0 && (size_t)length < size;
        break;
    }
    closedir(dir);
    return found;
}

#endif
