#ifndef TACTILE_CXCB_SHIM_H
#define TACTILE_CXCB_SHIM_H

/* libxcb: the X11 connection through which the service follows
   _NET_ACTIVE_WINDOW and reads the focused window's WM_CLASS, and its
   RandR extension, whose monitors say where the touchscreen's output lies
   on the screen an absolute pointer spans. */
#include <xcb/xcb.h>
#include <xcb/randr.h>
#include <stdlib.h>

#endif
