#ifndef TACTILE_CXCB_SHIM_H
#define TACTILE_CXCB_SHIM_H

/* libxcb: the X11 connection through which the service follows
   _NET_ACTIVE_WINDOW and reads the focused window's WM_CLASS. */
#include <xcb/xcb.h>
#include <stdlib.h>

#endif
