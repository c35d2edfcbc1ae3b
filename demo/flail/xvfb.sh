# Sourced by demo/flail/ci_check.sh and online_check.sh:
#   start_xvfb LOGFILE
# starts Xvfb on :99 as CI expects or, if a server already holds it (a
# developer machine), on the next free display up to :140; sets xvfb_pid and
# exports DISPLAY once the display is up. The caller stops it.
start_xvfb() {
	local log="$1" disp=99
	while [ -e "/tmp/.X${disp}-lock" ] || [ -e "/tmp/.X11-unix/X${disp}" ]; do
		disp=$((disp + 1))
		if [ "$disp" -gt 140 ]; then
			echo "no free X display between :99 and :140" >&2
			return 1
		fi
	done
	Xvfb ":${disp}" -screen 0 1280x800x24 -nolisten tcp >"$log" 2>&1 &
	xvfb_pid=$!
	for _ in $(seq 1 50); do
		[ -e "/tmp/.X11-unix/X${disp}" ] && break
		if ! kill -0 "$xvfb_pid" 2>/dev/null; then
			echo "Xvfb failed to start:" >&2
			cat "$log" >&2
			return 1
		fi
		sleep 0.1
	done
	export DISPLAY=":${disp}"
}
