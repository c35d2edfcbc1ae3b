# Sourced by the demos' screenshot checks (demo/flail/ci_check.sh,
# demo/playground/ci_check.sh). start_xvfb LOG starts Xvfb on display :99,
# or the next free one if a server already holds it (a developer machine),
# waits until it accepts connections, exports DISPLAY and stops the server
# when the calling script exits. Xvfb's output goes to LOG.
start_xvfb() {
	local log="$1" disp=99
	while [ -e "/tmp/.X${disp}-lock" ] || [ -e "/tmp/.X11-unix/X${disp}" ]; do
		disp=$((disp + 1))
		if [ "$disp" -gt 140 ]; then
			echo "ci_check: no free X display between :99 and :140" >&2
			return 1
		fi
	done
	Xvfb ":${disp}" -screen 0 1280x800x24 -nolisten tcp >"$log" 2>&1 &
	xvfb_pid=$!
	trap 'kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true' EXIT
	for _ in $(seq 1 50); do
		[ -e "/tmp/.X11-unix/X${disp}" ] && break
		if ! kill -0 "$xvfb_pid" 2>/dev/null; then
			echo "ci_check: Xvfb failed to start:" >&2
			cat "$log" >&2
			return 1
		fi
		sleep 0.1
	done
	export DISPLAY=":${disp}"
}
