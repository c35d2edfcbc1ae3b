#!/usr/bin/env bash
# No build output is tracked: fails on any tracked file that is an executable
# (ELF, Mach-O, PE, WebAssembly: by its first bytes) and on any tracked file
# over 1 MB that is neither an image (png, jpg, gif, webp) nor a level asset
# (.glb, .gltf, .bin under a testdata/ or levels/ directory). Prints the
# offenders. Usage: bash .ci/nobinary.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

limit=$((1024 * 1024))
bad=()
while IFS= read -r -d '' f; do
	[ -f "$f" ] || continue # deleted in the work tree, or a submodule
	magic=$(head -c 4 "$f" | od -An -tx1 | tr -d ' \n')
	kind=
	case "$magic" in
	7f454c46) kind="ELF executable" ;;
	feedface | feedfacf | cefaedfe | cffaedfe | cafebabe) kind="Mach-O executable" ;;
	0061736d) kind="WebAssembly module" ;;
	4d5a*)
		# MZ: a PE file has "PE\0\0" at the offset stored at 0x3c.
		off=$(od -An -tu4 -j 60 -N 4 "$f" 2>/dev/null | tr -d ' ' || true)
		if [ -n "$off" ] && [ "$(od -An -tx1 -j "$off" -N 4 "$f" 2>/dev/null | tr -d ' \n' || true)" = 50450000 ]; then
			kind="PE executable"
		fi
		;;
	esac
	if [ -n "$kind" ]; then
		bad+=("$f: $kind")
		continue
	fi
	size=$(stat -c %s "$f")
	if [ "$size" -gt "$limit" ]; then
		case "$f" in
		*.png | *.jpg | *.jpeg | *.gif | *.webp) ;;
		testdata/*.glb | testdata/*.gltf | testdata/*.bin | */testdata/*.glb | */testdata/*.gltf | */testdata/*.bin) ;;
		levels/*.glb | levels/*.gltf | levels/*.bin | */levels/*.glb | */levels/*.gltf | */levels/*.bin) ;;
		*) bad+=("$f: $size bytes, over 1 MB and not an image or a level asset") ;;
		esac
	fi
done < <(git ls-files -z)

if [ ${#bad[@]} -gt 0 ]; then
	echo "tracked files that must not be (git rm them; build outputs belong in .gitignore):"
	printf '  %s\n' "${bad[@]}"
	exit 1
fi
echo "no tracked binary, no tracked file over 1 MB but images and level assets: $(git ls-files | wc -l) files checked"
