# Sourced by the scripts that run a window under Xvfb (demo/flail/ci_check.sh,
# demo/playground/ci_check.sh, .ci/examples.sh, ...). start_xvfb LOG starts an
# Xvfb server of this script's own, exports DISPLAY and stops the server when
# the calling script exits. Xvfb's output goes to LOG.
#
# Xvfb picks the display itself (-displayfd: the first number whose lock it
# can take) and reports it once it accepts connections. Choosing a number
# here and starting Xvfb on it raced with any other script doing the same on
# this machine: both saw :99 free, the second Xvfb exited ("server already
# active") while its script went on with DISPLAY=:99, on the first one's
# server, and its window died with "X connection to :99 broken" (exit status
# 1) when the first script ended and stopped that server.
start_xvfb() {
	local log="$1" dfile disp=""
	dfile=$(mktemp)
	Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$dfile" >"$log" 2>&1 &
	xvfb_pid=$!
	trap 'kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true' EXIT
	for _ in $(seq 1 100); do
		disp=$(grep -x '[0-9][0-9]*' "$dfile" || true)
		[ -n "$disp" ] && break
		if ! kill -0 "$xvfb_pid" 2>/dev/null; then
			rm -f "$dfile"
			echo "start_xvfb: Xvfb failed to start:" >&2
			cat "$log" >&2
			return 1
		fi
		sleep 0.1
	done
	rm -f "$dfile"
	if [ -z "$disp" ]; then
		echo "start_xvfb: Xvfb reported no display in 10 s:" >&2
		cat "$log" >&2
		return 1
	fi
	export DISPLAY=":${disp}"
}
