// The KWin script that tells tactile serve the focused window (issue #47); its code comes with the service's side.
