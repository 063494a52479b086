#!/bin/sh
# The target libraries the unit tests link (CUnit, MPFR, GMP) for a
# cross-arch host test, from Debian 12's archive only, into a sysroot
# under the build directory; nothing is installed on this machine.
#
#   sysroot.sh apt OUT      a private apt tree OUT/apt: the system's own
#                           Debian sources, for arm64 binaries and for
#                           source packages (run once, before the others)
#   sysroot.sh ARCH OUT     OUT/ARCH/sysroot/usr/{include,lib/ARCH-linux-gnu}
#
# aarch64: Debian's arm64 -dev packages, downloaded and unpacked.
# riscv64: Debian 12 has no riscv64 binaries (not a release architecture),
# so the same packages' Debian sources are cross-built, once (~1 min).
# A finished sysroot has OUT/ARCH/sysroot/.complete, naming the versions.
set -eu
what=$1
mkdir -p "$2"
out=$(cd "$2" && pwd)		# apt takes relative paths from /etc/apt
apt_dir="$out/apt"

# apt-get on the private tree.  Its sources are the Debian entries the
# system's apt already uses (never a hard-coded mirror), as binary
# entries for arm64 and as deb-src entries.
papt() {
	sandbox=""
	[ "$(id -u)" -eq 0 ] && sandbox="-o APT::Sandbox::User=root"
	# shellcheck disable=SC2086
	apt-get -q -o Dir::Etc::SourceList="$apt_dir/sources.list" \
		-o Dir::Etc::SourceParts="$apt_dir/empty" \
		-o Dir::Etc::Preferences="$apt_dir/empty/none" \
		-o Dir::Etc::PreferencesParts="$apt_dir/empty" \
		-o Dir::State::Lists="$apt_dir/lists" -o Dir::State::Status="$apt_dir/status" \
		-o Dir::Cache="$apt_dir/cache" -o APT::Architecture=arm64 \
		-o APT::Architectures::=arm64 $sandbox "$@"
}

# Some list of each kind must have come down (an update with no usable
# source "succeeds" too).
have_lists() {
	for f in "$apt_dir"/lists/*_Sources* "$apt_dir"/lists/*binary-arm64_Packages*; do
		[ -e "$f" ] || return 1
	done
}

apt_update() {
	echo "  APT     $apt_dir (Debian arm64 packages and sources)"
	if ! papt update > "$apt_dir/update.log" 2>&1 || ! have_lists; then
		cat "$apt_dir/update.log" >&2
		echo "sysroot.sh: apt-get update of the private tree failed" >&2
		exit 1
	fi
}

if [ "$what" = apt ]; then
	mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/empty"
	: > "$apt_dir/status"
	# The Origin field comes from the downloaded Release files: without
	# package lists (an image that deleted them) the system's apt is
	# updated once.
	debian_sources() {
		# shellcheck disable=SC2016 # apt's own $(FIELD) syntax
		apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
			'Origin: Debian' 'Created-By: Packages' | sort -u |
			while read -r uri release component; do
				echo "deb [arch=arm64] $uri $release $component"
				echo "deb-src $uri $release $component"
			done > "$apt_dir/sources.list.tmp"
	}
	debian_sources
	if [ ! -s "$apt_dir/sources.list.tmp" ]; then
		sudo=""
		[ "$(id -u)" -ne 0 ] && sudo="sudo"
		$sudo apt-get update -qq || true
		debian_sources
	fi
	if [ ! -s "$apt_dir/sources.list.tmp" ]; then
		echo "sysroot.sh: the system's apt knows no Debian archive (apt-get indextargets)" >&2
		exit 1
	fi
	mv "$apt_dir/sources.list.tmp" "$apt_dir/sources.list"
	apt_update
	touch "$apt_dir/.updated"
	exit 0
fi

arch=$what
triplet=$arch-linux-gnu
root="$out/$arch/sysroot"
if [ -f "$root/.complete" ]; then
	exit 0
fi
[ -s "$apt_dir/sources.list" ] || { echo "sysroot.sh: run '$0 apt $out' first" >&2; exit 1; }
rm -rf "$root"
tmp="$out/$arch/fetch"
rm -rf "$tmp" && mkdir -p "$tmp" "$root/usr/include/$triplet" "$root/usr/lib/$triplet"

# apt-get download/source into $tmp; stale lists are refreshed once.
fetch() {
	if ! (cd "$tmp" && papt "$@" > fetch.log 2>&1); then
		apt_update
		(cd "$tmp" && papt "$@" > fetch.log 2>&1) || {
			cat "$tmp/fetch.log" >&2
			echo "sysroot.sh: apt-get $* failed" >&2
			exit 1
		}
	fi
}

case "$arch" in
aarch64)
	echo "  SYSROOT $root (Debian arm64 libcunit1-dev, libmpfr-dev, libgmp-dev)"
	fetch download libcunit1-dev libmpfr-dev libgmp-dev
	for deb in "$tmp"/*.deb; do
		dpkg-deb -x "$deb" "$root"
		basename "$deb" >> "$root/.versions"
	done
	;;
riscv64)
	echo "  SYSROOT $root (Debian sources of cunit, mpfr4, gmp, cross-built once)"
	fetch source --download-only cunit mpfr4 gmp
	jobs=$(nproc)
	usr=$(cd "$root" && pwd)/usr
	prefix="--prefix=$usr --libdir=$usr/lib/$triplet"	# headers: $usr/include
	host="--host=$triplet --disable-shared --enable-static CC=$triplet-gcc"
	# build NAME DIR SUBDIR CONFIGURE-ARGS...: configure, then make and
	# make install in SUBDIR (the library alone), logged.
	build() {
		name=$1 dir=$2 sub=$3
		shift 3
		log="$tmp/$name.log"
		# shellcheck disable=SC2086
		if ! (cd "$dir" && ./configure $prefix $host "$@" && make -C "$sub" -j"$jobs" &&
				make -C "$sub" install) > "$log" 2>&1; then
			tail -40 "$log" >&2
			echo "sysroot.sh: cross-building $name for $arch failed ($log)" >&2
			exit 1
		fi
	}
	for dsc in "$tmp"/*.dsc; do
		(cd "$tmp" && dpkg-source -x "$(basename "$dsc")" > /dev/null 2>&1) || {
			echo "sysroot.sh: dpkg-source -x $dsc failed" >&2
			exit 1
		}
		basename "$dsc" >> "$root/.versions"
	done
	# CUnit 2.1-3's config.sub predates riscv64: Debian refreshes it from
	# autotools-dev (dh_update_autotools_config), and so do we.
	cunit=$(ls -d "$tmp"/cunit-*/)
	cp /usr/share/misc/config.sub /usr/share/misc/config.guess "$cunit"
	build cunit "$cunit" .
	# Debian's patch drops doc/ (not in its dfsg tarball) from
	# configure.ac and Makefile.am, then runs autoreconf; the same two
	# edits in the generated files do without autoconf and automake.
	gmp=$(ls -d "$tmp"/gmp-*/)
	sed -i 's| doc/Makefile||' "$gmp/configure"
	sed -i '/^SUBDIRS = /s/ doc$//' "$gmp/Makefile.in"
	if grep -q '^ac_config_files=.* doc/Makefile' "$gmp/configure" ||
			grep -q '^SUBDIRS = .* doc$' "$gmp/Makefile.in"; then
		echo "sysroot.sh: gmp's doc/ could not be dropped from its build" >&2
		exit 1
	fi
	build gmp "$gmp" .
	mpfr=$(ls -d "$tmp"/mpfr4-*/)
	build mpfr "$mpfr" src --with-gmp-include="$usr/include" \
		--with-gmp-lib="$usr/lib/$triplet"
	;;
*)
	echo "sysroot.sh: unknown architecture '$arch' (aarch64, riscv64)" >&2
	exit 2
	;;
esac

# Headers in include/ or include/$triplet (Debian: gmp.h only), the
# static libraries in lib/$triplet.
for f in CUnit/Basic.h mpfr.h gmp.h; do
	[ -f "$root/usr/include/$f" ] || [ -f "$root/usr/include/$triplet/$f" ] || {
		echo "sysroot.sh: $f is missing from $root" >&2
		exit 1
	}
done
for f in libcunit.a libmpfr.a libgmp.a; do
	[ -f "$root/usr/lib/$triplet/$f" ] || {
		echo "sysroot.sh: $f is missing from $root" >&2
		exit 1
	}
done
rm -rf "$tmp"
mv "$root/.versions" "$root/.complete"
