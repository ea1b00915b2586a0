#!/usr/bin/env bash
# Installs the Debian packages named that are not installed yet (quietly,
# with sudo unless root); prints what it installs, on stderr.
# usage: tools/need-packages.sh WHO PACKAGE...   (WHO prefixes the message)
set -euo pipefail
who=$1; shift
need=()
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || need+=("$p")
done
((${#need[@]})) || exit 0
echo "$who: installing ${need[*]}" >&2
SUDO=$([[ $(id -u) == 0 ]] || echo sudo)
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
