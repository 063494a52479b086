#!/bin/sh
# The kernel ABI (e.g. 6.1.0-56-amd64) of the installed linux-headers-amd64:
# barehip.ko is built against it and the guest boots the same kernel.  It
# changes with every Debian kernel update, so it is never written down.
set -eu
abi=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null |
	sed -n 's/.*linux-headers-\([^ ,]*\).*/\1/p')
if [ -z "$abi" ] || [ ! -d "/lib/modules/$abi/build" ]; then
	echo "kver: linux-headers-amd64 is not installed (scripts/deps.sh check)" >&2
	exit 1
fi
echo "$abi"
