#ifndef TACTILE_CSESSIONLIBRARIES_H
#define TACTILE_CSESSIONLIBRARIES_H

/* The session's libraries, loaded when first called rather than when the
   service starts:

   - sd-bus (libsystemd.so.0): the session bus on which the service owns
     io.github.tactile.Service, loads its KWin script and hears the focused
     window from it or from its GNOME Shell extension. Only the non-variadic
     calls are used (Swift imports no C variadic function).
   - libxcb (libxcb.so.1) and its RandR extension (libxcb-randr.so.0): the
     X11 connection through which the service follows _NET_ACTIVE_WINDOW and
     reads the focused window's WM_CLASS, and the monitors that say where the
     touchscreen's output lies on the screen an absolute pointer spans.

   Their functions keep their names and prototypes (these headers'); each is
   defined in session_libraries.c as a call through a pointer that dlsym
   gives on the first call. A service on a console or in a kiosk, which
   talks to neither, maps neither (with libsystemd's five compression and
   crypto libraries, about 1.1 MB less resident; docs/performance.md). Ask
   tactile_session_library_error() before the first call: when a library
   cannot be loaded, its functions fail as they do without a connection
   (sd-bus: -ENOSYS; xcb_connect: NULL; pointers: NULL). */
#include <systemd/sd-bus.h>
#include <xcb/xcb.h>
#include <xcb/randr.h>
#include <stdlib.h>

/* The libraries, for tactile_session_library_error(). */
typedef enum {
    TACTILE_SESSION_LIBRARY_SYSTEMD = 0,
    TACTILE_SESSION_LIBRARY_XCB = 1,
    TACTILE_SESSION_LIBRARY_XCB_RANDR = 2,
} tactile_session_library;

/* NULL when `library` is loaded (it is loaded now if it was not), else why
   it cannot be: dlopen's message, which names the file. */
const char *tactile_session_library_error(tactile_session_library library);

#endif
