# barehip's CMake packages (docs/cmake.md), built into $(BUILD) as into
# an installed prefix (the build directory is a prefix barehip-cc and
# CMake can use as it is):
#   lib/cmake/hip-lang/  what CMake's HIP language loads
#   lib/cmake/hip/       find_package(hip)
#   bin/rocm_agent_enumerator  the board's GPUs, CMake's default
#                        HIP architectures
HIP_VERSION_H := kit/include/hip/hip_version.h
hip_version_part = $(shell sed -n 's/^\#define HIP_VERSION_$(1) \([0-9]*\).*/\1/p' $(HIP_VERSION_H))
HIP_PKG_VERSION := $(call hip_version_part,MAJOR).$(call hip_version_part,MINOR).$(call hip_version_part,PATCH)
CMAKE_PKG_DIR := $(BUILD)/lib/cmake
CMAKE_PKG_LANG := $(CMAKE_PKG_DIR)/hip-lang/hip-lang-config.cmake \
	$(CMAKE_PKG_DIR)/hip-lang/hip-lang-config-version.cmake
CMAKE_PKG_HIP := $(CMAKE_PKG_DIR)/hip/hip-config.cmake $(CMAKE_PKG_DIR)/hip/hip-config-version.cmake
CMAKE_PKG := $(CMAKE_PKG_LANG) $(CMAKE_PKG_HIP)
AGENT_ENUMERATOR := $(BUILD)/bin/rocm_agent_enumerator

$(CMAKE_PKG_DIR)/hip-lang/hip-lang-config.cmake: kit/cmake/hip-lang-config.cmake.in $(CONFIG_MK)
$(CMAKE_PKG_DIR)/hip/hip-config.cmake: kit/cmake/hip-config.cmake.in $(CONFIG_MK)
$(CMAKE_PKG_DIR)/hip-lang/hip-lang-config.cmake $(CMAKE_PKG_DIR)/hip/hip-config.cmake:
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)sed -e 's|@TARGETS@|$(subst $(space),;,$(strip $(TARGETS)))|g' $< > $@
$(CMAKE_PKG_DIR)/%-config-version.cmake: kit/cmake/version.cmake.in $(HIP_VERSION_H)
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)sed -e 's|@PKG@|$(notdir $(@D))|g' -e 's|@VERSION@|$(HIP_PKG_VERSION)|g' \
		-e 's|@VERSION_MAJOR@|$(call hip_version_part,MAJOR)|g' $< > $@
$(AGENT_ENUMERATOR): kit/cmake/rocm_agent_enumerator
	$(Q)mkdir -p $(@D) && install -m 755 $< $@

all: $(CMAKE_PKG) $(AGENT_ENUMERATOR)

.PHONY: install-cmake-pkg
install: install-cmake-pkg
install-cmake-pkg: $(CMAKE_PKG) $(AGENT_ENUMERATOR)
	$(Q)install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/cmake/hip-lang \
		$(DESTDIR)$(PREFIX)/lib/cmake/hip
	$(Q)install -m 755 $(AGENT_ENUMERATOR) $(DESTDIR)$(PREFIX)/bin/
	$(Q)install -m 644 $(CMAKE_PKG_LANG) $(DESTDIR)$(PREFIX)/lib/cmake/hip-lang/
	$(Q)install -m 644 $(CMAKE_PKG_HIP) $(DESTDIR)$(PREFIX)/lib/cmake/hip/
