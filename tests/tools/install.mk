# make install's layout, tested (included by the Makefile after
# tests/cross/cross.mk): the installed prefix that make install would
# make with DESTDIR, from this build (unsanitized: a g++ link takes its
# libbarehip.a), and tests/tools/barehip-cc-test.sh --installed on it:
# g++ links -lamdhip64 from the prefix, barehip-cc --host-target finds
# the aarch64 and riscv64 runtimes there, --board the bare-metal kit.  make check runs it (outside
# the sanitized check-run, like check-cross).

INSTALL_TEST_DIR := $(BUILD)/tests/install
INSTALL_TEST_STAMP := $(INSTALL_TEST_DIR)/.installed
$(INSTALL_TEST_STAMP): Makefile tests/tools/install.mk kit/cmake/cmake.mk $(TOOLCHAIN) $(HOST_TOOLS) \
		$(INSTALL_CROSS_LIBS) $(INSTALL_BOARDS)
	@echo "  INSTALL $(INSTALL_TEST_DIR)/usr"
	$(Q)rm -rf $(INSTALL_TEST_DIR) && mkdir -p $(INSTALL_TEST_DIR)
	$(call install_into,$(abspath $(INSTALL_TEST_DIR))/usr)
	$(Q)touch $@

.PHONY: check-install
CHECK_PREBUILD += $(INSTALL_TEST_STAMP)
check-install: $(INSTALL_TEST_STAMP)
	$(Q)tests/tools/barehip-cc-test.sh --installed $(abspath $(INSTALL_TEST_DIR))/usr \
		$(OFFLOAD_BUNDLER) $(LLVM_READELF)
check: check-install
