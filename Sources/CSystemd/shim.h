#ifndef TACTILE_CSYSTEMD_SHIM_H
#define TACTILE_CSYSTEMD_SHIM_H

/* sd-bus, systemd's D-Bus library: the session bus on which the service
   owns io.github.tactile.Service, loads its KWin script and hears the
   focused window from it or from its GNOME Shell extension. Only the
   non-variadic calls are used (Swift imports no C variadic function). */
#include <systemd/sd-bus.h>

#endif
