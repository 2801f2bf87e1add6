# What every desktop of tools/desktop-session shares: the user, the session's directory and
# environment, running as the user, waiting, stopping. Sourced, not run.

die() { echo "desktop-session: $*" >&2; exit 2; }

# The user the session runs as: tactile-desktop when root (made when missing), else the caller.
session_user() {
    if [ "$(id -u)" -ne 0 ]; then id -un; return; fi
    if ! id tactile-desktop >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin --user-group tactile-desktop
        # The input group: a compositor reading a testbed's nodes through libinput.
        if getent group input >/dev/null; then usermod -a -G input tactile-desktop; fi
    fi
    echo tactile-desktop
}

# Makes DIR (absolute) and its home, runtime directory and files; sets SESSION_DIR and SESSION_USER.
session_prepare() {
    mkdir -p "$1"
    SESSION_DIR="$(cd "$1" && pwd)"
    SESSION_USER="$(session_user)"
    mkdir -p "$SESSION_DIR/home" "$SESSION_DIR/run"
    chmod 755 "$SESSION_DIR"
    chmod 700 "$SESSION_DIR/run"
    : > "$SESSION_DIR/log"
    : > "$SESSION_DIR/pids"
    chmod 666 "$SESSION_DIR/log"
    if [ "$(id -u)" -eq 0 ]; then
        chown -R "$SESSION_USER:" "$SESSION_DIR/home" "$SESSION_DIR/run"
    fi
    # The environment a program in the session has; a desktop adds its own with session_setenv.
    {
        echo "HOME=$SESSION_DIR/home"
        echo "USER=$SESSION_USER"
        echo "LOGNAME=$SESSION_USER"
        echo "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
        echo "XDG_RUNTIME_DIR=$SESSION_DIR/run"
        echo "XDG_CONFIG_HOME=$SESSION_DIR/home/.config"
        echo "LANG=C.UTF-8"
    } > "$SESSION_DIR/env"
}

# Adds or replaces NAME=value in the session's environment.
session_setenv() {
    local name="$1" value="$2"
    grep -v "^$name=" "$SESSION_DIR/env" > "$SESSION_DIR/env.new" || true
    echo "$name=$value" >> "$SESSION_DIR/env.new"
    mv "$SESSION_DIR/env.new" "$SESSION_DIR/env"
}

# Takes NAME out of the session's environment.
session_unsetenv() {
    grep -v "^$1=" "$SESSION_DIR/env" > "$SESSION_DIR/env.new" || true
    mv "$SESSION_DIR/env.new" "$SESSION_DIR/env"
}

# Makes /tmp/.X11-unix as X servers want it (root's, sticky, everyone's) when it is not there: an X
# server run by a user cannot make it so, and Xwayland and Xvfb put their sockets in it.
session_x11_directory() {
    [ -d /tmp/.X11-unix ] && return 0
    if [ "$(id -u)" -eq 0 ]; then
        mkdir -p /tmp/.X11-unix && chmod 1777 /tmp/.X11-unix
    else
        mkdir -p /tmp/.X11-unix
    fi
}

# Reads DIR's session back (for exec and stop).
session_load() {
    [ -f "$1/env" ] || die "$1 holds no session (no env file)"
    SESSION_DIR="$(cd "$1" && pwd)"
    SESSION_USER="$(sed -n 's/^USER=//p' "$SESSION_DIR/env")"
}

# The session's environment as env(1) arguments, one per line.
session_environment() { cat "$SESSION_DIR/env"; }

# Runs COMMAND… as the session's user with only the session's environment, in the foreground.
session_exec() {
    local -a environment=()
    mapfile -t environment < "$SESSION_DIR/env"
    if [ "$(id -u)" -eq 0 ] && [ "$SESSION_USER" != root ]; then
        chown -R "$SESSION_USER:" "$SESSION_DIR/home"
        exec setpriv --reuid="$SESSION_USER" --regid="$SESSION_USER" --init-groups --reset-env -- env -i "${environment[@]}" "$@"
    fi
    exec env -i "${environment[@]}" "$@"
}

# Closes every descriptor above 2 of this (sub)shell. A desktop outlives the command that started
# it: whatever it inherited stays open as long as it runs, and a caller waiting for the end of a
# descriptor it gave (Foundation's Process watches a socket its child inherits) would wait for ever.
session_close_descriptors() {
    # No redirection around the loop: bash would restore the loop's stderr from a copy above 2,
    # which the loop closes, and leave stderr on the redirection's target.
    local fd
    for fd in /proc/"$BASHPID"/fd/*; do
        fd="${fd##*/}"
        if [ "$fd" -gt 2 ] && [ -e "/proc/$BASHPID/fd/$fd" ]; then eval "exec $fd>&-"; fi
    done
}

# Starts COMMAND… in the background as the session's user (its output to DIR/log), in a process
# group of its own, with nothing inherited but its standard streams, and records its process id
# for session_stop.
session_spawn() {
    local -a environment=()
    mapfile -t environment < "$SESSION_DIR/env"
    if [ "$(id -u)" -eq 0 ] && [ "$SESSION_USER" != root ]; then
        ( session_close_descriptors
          exec setsid setpriv --reuid="$SESSION_USER" --regid="$SESSION_USER" --init-groups --reset-env -- \
            env -i "${environment[@]}" "$@" ) >> "$SESSION_DIR/log" 2>&1 < /dev/null &
    else
        ( session_close_descriptors
          exec setsid env -i "${environment[@]}" "$@" ) >> "$SESSION_DIR/log" 2>&1 < /dev/null &
    fi
    echo $! >> "$SESSION_DIR/pids"
    SPAWNED=$!
}

# session_spawn, but COMMAND… runs in a mount namespace of its own, after SETUP (a sh script, given
# the privileges to mount there) has changed that namespace's mounts. As root the namespace is root's
# and the session's user is taken on after SETUP; as a user it is a user namespace's, whose
# capabilities are dropped after SETUP. The process id recorded is COMMAND's (unshare, sh and setpriv
# exec, none forks).
session_spawn_unshared() {
    local setup="$1"
    shift
    local -a environment=() unshare=() become=()
    mapfile -t environment < "$SESSION_DIR/env"
    if [ "$(id -u)" -eq 0 ]; then
        unshare=(unshare --mount --propagation private)
        if [ "$SESSION_USER" != root ]; then
            become=(setpriv --reuid="$SESSION_USER" --regid="$SESSION_USER" --init-groups --reset-env --)
        fi
    else
        # --keep-caps: without it the capabilities of the user namespace end at unshare's exec of sh.
        unshare=(unshare --map-current-user --keep-caps --mount --propagation private)
        become=(setpriv --inh-caps=-all --ambient-caps=-all --)
    fi
    # shellcheck disable=SC2016 # ($0 and $@ are sh's: SETUP's path, then the command)
    ( session_close_descriptors
      exec setsid "${unshare[@]}" -- sh -c '. "$0" && exec "$@"' "$setup" \
        "${become[@]}" env -i "${environment[@]}" "$@" ) >> "$SESSION_DIR/log" 2>&1 < /dev/null &
    echo $! >> "$SESSION_DIR/pids"
    SPAWNED=$!
}

# Waits up to SECONDS for COMMAND… to succeed (checked every 0.1 s); fails after, or at once when a
# program the session started has exited.
session_wait() {
    local seconds="$1"
    shift
    local tries=$((seconds * 10))
    while ! "$@" >/dev/null 2>&1; do
        # A program of the session that exited will not answer later: give up at once.
        session_alive || return 1
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || return 1
        sleep 0.1
    done
}

# Whether process PID is running: not gone, and not a zombie (a program that exited is one until
# desktop-session start, its parent, ends; kill -0 still succeeds on it).
session_running() {
    local stat
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
    stat="${stat##*) }"
    [ "${stat%% *}" != Z ]
}

# Whether process group PGID has a process that is running (not a zombie).
session_group_running() {
    ps -e -o pgid=,stat= | awk -v group="$1" '$1 == group && $2 !~ /^Z/ { found = 1 } END { exit !found }'
}

# session_wait, saying NAME (what to call the session's programs) when it gives up.
session_wait_alive() {
    local seconds="$1" name="$2"
    shift 2
    session_wait "$seconds" "$@" || { echo "desktop-session: $name exited or did not answer in $seconds s" >&2; return 1; }
}

# Whether every process id in DIR/pids is still running.
session_alive() {
    local pid
    while read -r pid; do session_running "$pid" || return 1; done < "$SESSION_DIR/pids"
}

# Stops every process group the session started (TERM, then KILL after 3 s), then every process left
# with the session's XDG_RUNTIME_DIR in its environment: what the desktop started in a session of its own
# (sway's and i3's exec), and what ran in the session through exec.
session_stop() {
    local dir="$1" pid
    [ -f "$dir/pids" ] || return 0
    dir="$(cd "$dir" && pwd)"
    while read -r pid; do kill -TERM -- "-$pid" 2>/dev/null || true; done < "$dir/pids"
    for _ in $(seq 30); do
        local alive=0
        # Not kill -0: it succeeds while the group's exited programs wait as zombies for their new parent,
        # init, to reap them (about a second in a Firecracker VM, whose init is process_api).
        while read -r pid; do session_group_running "$pid" && alive=1; done < "$dir/pids"
        [ "$alive" -eq 0 ] && break
        sleep 0.1
    done
    while read -r pid; do kill -KILL -- "-$pid" 2>/dev/null || true; done < "$dir/pids"
    : > "$dir/pids"
    local -a left
    mapfile -t left < <(session_processes "$dir")
    [ "${#left[@]}" -gt 0 ] || return 0
    kill -TERM "${left[@]}" 2>/dev/null || true
    for _ in $(seq 20); do
        mapfile -t left < <(session_processes "$dir")
        [ "${#left[@]}" -eq 0 ] && return 0
        sleep 0.1
    done
    kill -KILL "${left[@]}" 2>/dev/null || true
}

# The processes (but this one and its parents) whose environment has XDG_RUNTIME_DIR=DIR/run.
session_processes() {
    local path pid
    local -A mine=([$BASHPID]=1)
    pid=$$
    while [ -n "$pid" ] && [ "$pid" -gt 1 ]; do
        mine[$pid]=1
        pid="$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)" || break
    done
    grep -lzxF -- "XDG_RUNTIME_DIR=$1/run" /proc/[0-9]*/environ 2>/dev/null | while read -r path; do
        pid="${path#/proc/}"
        pid="${pid%/environ}"
        [ -n "${mine[$pid]:-}" ] || echo "$pid"
    done
}

# Whether every one of PROGRAM… is installed; says which is missing.
session_require() {
    local program missing=0
    for program in "$@"; do
        if ! command -v "$program" >/dev/null 2>&1; then
            echo "desktop-session: $program is not installed" >&2
            missing=1
        fi
    done
    return "$missing"
}
