# The CMake test projects (tests/cmake, docs/cmake.md): make install into
# a DESTDIR under the build directory, then each project is configured
# and built as a user would, in a fresh build directory:
#   cmake-ninja        the HIP-language project, Ninja, CMAKE_HIP_COMPILER
#   cmake-make         the same, Unix Makefiles, only the prefix's bin on
#                      PATH (CMake asks hipconfig)
#   cmake-prefix-path  its saxpy alone, Ninja, only CMAKE_PREFIX_PATH
#                      (CMake finds the prefix's clang++ by itself)
#   cmake-find-hip     find_package(hip), a C++ project (g++), Ninja
#   cmake-find-hip-cc  the same with barehip-cc as the C++ compiler and
#                      hip::device, Unix Makefiles
# Their programs run on the sim board like the device tests.  make check builds them with everything else (unsanitized,
# as installed) and counts their runs; make check-cmake does just this.
#
# The install and the builds are make check's CHECK_PREBUILD, made in
# the unsanitized $(BUILD) as make install would install it; the runs are
# in the sanitized check-run, a make of its own in $(BUILD)/check, where
# TOP_BUILD (the check target passes it) names that $(BUILD).
TOP_BUILD ?= $(BUILD)
CMAKE_TEST_PREFIX := /opt/barehip
CMAKE_TEST_DESTDIR := $(abspath $(TOP_BUILD))/cmake-prefix
CMAKE_TEST_INSTALLED := $(CMAKE_TEST_DESTDIR)$(CMAKE_TEST_PREFIX)
CMAKE_NINJA := $(TOP_BUILD)/cmake-ninja
CMAKE_MAKE := $(TOP_BUILD)/cmake-make
CMAKE_PREFIX_PATH_BUILD := $(TOP_BUILD)/cmake-prefix-path
CMAKE_FIND_HIP := $(TOP_BUILD)/cmake-find-hip
CMAKE_FIND_HIP_CC := $(TOP_BUILD)/cmake-find-hip-cc
# The board's own target: the architecture CMake chooses by default.
CMAKE_BOARD_GFX := $(call unquote,$(CONFIG_SIM_TARGET))

.PHONY: cmake-test-build check-cmake
cmake-test-build: all $(INSTALL_CROSS_LIBS)
	$(Q)rm -rf $(CMAKE_TEST_DESTDIR)
	$(call install_into,$(CMAKE_TEST_INSTALLED))
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake $(CMAKE_NINJA) Ninja compiler -ninja
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake $(CMAKE_MAKE) "Unix Makefiles" \
		path -make
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake $(CMAKE_PREFIX_PATH_BUILD) Ninja \
		prefix -prefix-path -DBH_SAXPY_ONLY=ON \
		-DBH_EXPECT_HIP_COMPILER=$(CMAKE_TEST_INSTALLED)/clang++
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake/find_hip $(CMAKE_FIND_HIP) Ninja \
		prefix ""
	$(Q)tests/cmake/build.sh $(CMAKE_TEST_INSTALLED) tests/cmake/find_hip $(CMAKE_FIND_HIP_CC) \
		"Unix Makefiles" prefix-cc -cc

# Each program on the board's target; the two-architecture one on both.
cmake_runs = $(1)/saxpy$(2)@$(CMAKE_BOARD_GFX) $(1)/saxpy_two_archs$(2)@gfx90a \
	$(1)/saxpy_two_archs$(2)@gfx1100 $(1)/mixed$(2)@$(CMAKE_BOARD_GFX) \
	$(1)/rdc$(2)@$(CMAKE_BOARD_GFX)
CMAKE_RUNS := $(call cmake_runs,$(CMAKE_NINJA),-ninja) $(call cmake_runs,$(CMAKE_MAKE),-make) \
	$(CMAKE_PREFIX_PATH_BUILD)/saxpy-prefix-path@$(CMAKE_BOARD_GFX) \
	$(CMAKE_FIND_HIP)/host_query@$(CMAKE_BOARD_GFX) \
	$(CMAKE_FIND_HIP_CC)/host_query-cc@$(CMAKE_BOARD_GFX) \
	$(CMAKE_FIND_HIP_CC)/device_scale-cc@$(CMAKE_BOARD_GFX)
CHECK_PREBUILD += cmake-test-build
# tests/tools/install.mk's prefix has the CMake packages too.
$(INSTALL_TEST_STAMP): $(CMAKE_PKG) $(CMAKE_PKG_TOOLS)
CHECK_RUNS += $(CMAKE_RUNS)

# CMake's probes and the tools beside the packages, on the build
# directory as a prefix (a script test of make check's, like tests/tools).
CMAKE_TOOLS_TEST := $(BUILD)/tests/cmake/cmake-tools-test
$(CMAKE_TOOLS_TEST): tests/cmake/cmake-tools-test.sh $(TOOLCHAIN) $(CMAKE_PKG) $(CMAKE_PKG_TOOLS) \
		$(BUILD)/bin/barehip-info
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s"\n' "$(abspath $<)" "$(abspath $(BUILD))" > $@ && \
		chmod +x $@
TOOL_TESTS += $(CMAKE_TOOLS_TEST)

# (check-gfx11 runs the gfx1100 runs of CHECK_RUNS, these among them.)
check-gfx11: cmake-test-build
check-cmake: cmake-test-build $(CMAKE_TOOLS_TEST)
	$(Q)scripts/run-tests.sh $(TOP_BUILD)/cmake-tests true -- $(CMAKE_RUNS) $(CMAKE_TOOLS_TEST)
