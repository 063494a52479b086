# barehip's CMake packages (docs/cmake.md), built into $(BUILD) as into
# an installed prefix (the build directory is a prefix barehip-cc and
# CMake can use as it is):
#   lib/cmake/hip-lang/  what CMake's HIP language loads
#   lib/cmake/hip/       find_package(hip)
#   bin/rocm_agent_enumerator  the board's GPUs, CMake's default
#                        HIP architectures
#   bin/hipconfig        where the installation is (CMake asks it for the
#                        compiler's directory when none is given)
#   lib/barehip/bin/clang++  barehip-cc under the name CMake looks for
HIP_VERSION_H := kit/include/hip/hip_version.h
hip_version_part = $(shell sed -n 's/^\#define HIP_VERSION_$(1) \([0-9]*\).*/\1/p' $(HIP_VERSION_H))
HIP_PKG_VERSION := $(call hip_version_part,MAJOR).$(call hip_version_part,MINOR).$(call hip_version_part,PATCH)
CMAKE_PKG_DIR := $(BUILD)/lib/cmake
CMAKE_PKG_LANG := $(CMAKE_PKG_DIR)/hip-lang/hip-lang-config.cmake \
	$(CMAKE_PKG_DIR)/hip-lang/hip-lang-config-version.cmake
CMAKE_PKG_HIP := $(CMAKE_PKG_DIR)/hip/hip-config.cmake $(CMAKE_PKG_DIR)/hip/hip-config-version.cmake
CMAKE_PKG := $(CMAKE_PKG_LANG) $(CMAKE_PKG_HIP)
AGENT_ENUMERATOR := $(BUILD)/bin/rocm_agent_enumerator
HIPCONFIG := $(BUILD)/bin/hipconfig
HIP_CLANGXX := $(BUILD)/lib/barehip/bin/clang++
CMAKE_PKG_TOOLS := $(AGENT_ENUMERATOR) $(HIPCONFIG) $(HIP_CLANGXX)

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
$(HIPCONFIG): kit/cmake/hipconfig
$(HIP_CLANGXX): kit/cmake/clang++
$(CMAKE_PKG_TOOLS):
	$(Q)mkdir -p $(@D) && install -m 755 $< $@

all: $(CMAKE_PKG) $(CMAKE_PKG_TOOLS)

# ROCm's layout, for build files that call its tools by path (ROCm's
# samples: $(ROCM_INSTALL_DIR)/bin/hipcc, $(ROCM_INSTALL_DIR)/llvm/bin/
# clang, llvm-mc, clang-offload-bundler, CMake's find_program in
# ${ROCM_ROOT}/llvm): bin/hipcc is barehip-cc; llvm/bin/ holds clang and
# clang++ (barehip's clang++ above) and these tools of the LLVM barehip
# uses, linked where that LLVM has them.
ROCM_LLVM_TOOLS := llvm-mc llvm-dis llvm-as llvm-link llvm-objdump llvm-readelf llvm-readobj \
	llvm-nm llvm-ar llvm-objcopy llvm-strip ld.lld clang-offload-bundler
LLVM_BIN_DIR = $(dir $(OFFLOAD_BUNDLER))

# install_cmake_pkg DIR: the packages and tools into the prefix DIR (the
# Makefile's install_into calls it: make install, and the prefixes the
# tests install).  DIR/clang++ is for CMake's HIP language with DIR on
# CMAKE_PREFIX_PATH: find_program looks in each prefix itself, where no
# one's PATH looks (docs/cmake.md).
define install_cmake_pkg
	$(Q)install -d $(1)/bin $(1)/lib/cmake/hip-lang $(1)/lib/cmake/hip $(1)/lib/barehip/bin \
		$(1)/llvm/bin
	$(Q)install -m 755 $(AGENT_ENUMERATOR) $(HIPCONFIG) $(1)/bin/
	$(Q)install -m 755 $(HIP_CLANGXX) $(1)/lib/barehip/bin/
	$(Q)ln -sf lib/barehip/bin/clang++ $(1)/clang++
	$(Q)ln -sf barehip-cc $(1)/bin/hipcc
	$(Q)ln -sf ../../lib/barehip/bin/clang++ $(1)/llvm/bin/clang
	$(Q)ln -sf ../../lib/barehip/bin/clang++ $(1)/llvm/bin/clang++
	$(Q)for t in $(ROCM_LLVM_TOOLS); do [ ! -x $(LLVM_BIN_DIR)$$t ] || \
		ln -sf $(LLVM_BIN_DIR)$$t $(1)/llvm/bin/$$t; done
	$(Q)install -m 644 $(CMAKE_PKG_LANG) $(1)/lib/cmake/hip-lang/
	$(Q)install -m 644 $(CMAKE_PKG_HIP) $(1)/lib/cmake/hip/
endef
