// Tells tactile serve which window has the focus in KWin, for gestures bound
// to an app (app = "…" in gestures.toml). tactile serve loads this script
// through KWin's scripting interface (org.kde.kwin.Scripting) when it starts
// on KDE Plasma under Wayland and unloads it when it stops; it does nothing
// else. Each change of the active window, and the window active when it is
// loaded, is reported as Report(windowClass, appID) to the session-bus name
// the service owns; two empty strings mean that no window has the focus.
//
// Plasma 6 names the signal and the property windowActivated and activeWindow;
// Plasma 5.27 names them clientActivated and activeClient. Both are read.

var service = "io.github.tactile.Service";

function report(window) {
    var windowClass = window ? String(window.resourceClass || "") : "";
    var appID = window ? String(window.desktopFileName || "") : "";
    callDBus(service, "/io/github/tactile/Focus", "io.github.tactile.Focus1", "Report", windowClass, appID);
}

if (workspace.windowActivated) {
    workspace.windowActivated.connect(report);
    report(workspace.activeWindow);
} else {
    workspace.clientActivated.connect(report);
    report(workspace.activeClient);
}
