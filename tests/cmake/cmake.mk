# The CMake test projects (tests/cmake, docs/cmake.md): make install into
# a DESTDIR under the build directory, then the HIP-language project is
# configured and built with Ninja (CMAKE_HIP_COMPILER) and with Unix
# Makefiles (only the prefix's bin on PATH), and the find_package(hip) project with the prefix
# on CMAKE_PREFIX_PATH; their programs run on the sim board like the
# device tests.  make check builds them with everything else (unsanitized,
# as installed) and counts their runs; make check-cmake does just this.
#
# The sanitized check-run is a make of its own in $(BUILD)/check: TOP_BUILD
# (the check target passes it) is the build directory the install comes
# from.
TOP_BUILD ?= $(BUILD)
CMAKE_TEST_PREFIX := /opt/barehip
CMAKE_TEST_DESTDIR := $(abspath $(TOP_BUILD))/cmake-prefix
CMAKE_TEST_INSTALLED := $(CMAKE_TEST_DESTDIR)$(CMAKE_TEST_PREFIX)
CMAKE_NINJA := $(TOP_BUILD)/cmake-ninja
CMAKE_MAKE := $(TOP_BUILD)/cmake-make
CMAKE_FIND_HIP := $(TOP_BUILD)/cmake-find-hip
# The board's own target: the architecture CMake chooses by default.
CMAKE_BOARD_GFX := $(call unquote,$(CONFIG_SIM_TARGET))

.PHONY: cmake-test-build check-cmake
cmake-test-build: all
	$(Q)$(MAKE) --no-print-directory BUILD=$(TOP_BUILD) SANITIZE=0 DESTDIR=$(CMAKE_TEST_DESTDIR) \
		PREFIX=$(CMAKE_TEST_PREFIX) install >/dev/null
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake $(CMAKE_NINJA) Ninja compiler -ninja
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake $(CMAKE_MAKE) "Unix Makefiles" \
		path -make
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake/find_hip $(CMAKE_FIND_HIP) Ninja \
		prefix ""

# Each program on the board's target; the two-architecture one on both.
cmake_runs = $(1)/saxpy$(2)@$(CMAKE_BOARD_GFX) $(1)/saxpy_two_archs$(2)@gfx90a \
	$(1)/saxpy_two_archs$(2)@gfx1100 $(1)/mixed$(2)@$(CMAKE_BOARD_GFX) \
	$(1)/rdc$(2)@$(CMAKE_BOARD_GFX)
CMAKE_RUNS := $(call cmake_runs,$(CMAKE_NINJA),-ninja) $(call cmake_runs,$(CMAKE_MAKE),-make) \
	$(CMAKE_FIND_HIP)/host_query@$(CMAKE_BOARD_GFX)
CHECK_PREBUILD += cmake-test-build
CHECK_RUNS += $(CMAKE_RUNS)

check-cmake: cmake-test-build
	$(Q)scripts/run-tests.sh $(TOP_BUILD)/cmake-tests true -- $(CMAKE_RUNS)
