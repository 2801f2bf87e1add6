#ifndef TACTILE_CXKBCOMMON_SHIM_H
#define TACTILE_CXKBCOMMON_SHIM_H

/* libxkbcommon: keymaps compiled from rules, model, layout, variant and
   options (RMLVO), through which key chords written as keysyms become the
   evdev key codes of the session's layout. */
#include <xkbcommon/xkbcommon.h>

#endif
