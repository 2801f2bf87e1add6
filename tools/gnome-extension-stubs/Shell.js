// Stands for gi://Shell (GNOME Shell's typelib, usable only inside the Shell) in
// tools/gnome-extension-harness.js: the window tracker gives the app the harness put on the window.
export default {
    WindowTracker: {
        get_default: () => ({get_window_app: window => window.app}),
    },
};
