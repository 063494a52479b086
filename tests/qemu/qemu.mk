# barehip.ko and the QEMU-hosted system tests (included by the Makefile).
#
#   make kmod         build barehip.ko against linux-headers-amd64
#   make check-qemu   boot Debian's kernel under QEMU and test the module
#
# Needs no .config: the module and the tests do not depend on the board.

QEMU_DIR := $(BUILD)/qemu
KMOD_DIR := $(BUILD)/kmod
KMOD_KO := $(KMOD_DIR)/barehip.ko
QEMU_DEPS_STAMP := $(BUILD)/.deps-qemu
KMOD_SRCS := kmod/Kbuild $(wildcard kmod/*.c kmod/*.h kmod/uapi/*.h)

$(QEMU_DEPS_STAMP): scripts/deps.sh
	$(Q)mkdir -p $(@D) && scripts/deps.sh qemu && touch $@

# The kernel ABI of the installed headers; the file changes only when the
# ABI does (a Debian kernel update), and then the module is rebuilt.
$(KMOD_DIR)/abi: FORCE | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	$(Q)abi=$$(tests/qemu/kver.sh) && \
		if [ "$$(cat $@ 2>/dev/null)" != "$$abi" ]; then echo "$$abi" > $@; fi

# Out of tree, in a copy under $(BUILD): Kbuild writes next to the sources.
# The kernel's make must not inherit our command-line variables (BUILD,
# SANITIZE, ...), hence the clean environment.  Any warning fails.
$(KMOD_KO): $(KMOD_SRCS) $(KMOD_DIR)/abi
	$(Q)mkdir -p $(KMOD_DIR)/src/uapi
	$(Q)cp -p kmod/Kbuild kmod/*.c kmod/*.h $(KMOD_DIR)/src/
	$(Q)cp -p kmod/uapi/*.h $(KMOD_DIR)/src/uapi/
	@echo "  KMOD    $@"
	$(Q)kver=$$(cat $(KMOD_DIR)/abi) && \
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C /lib/modules/$$kver/build M=$(abspath $(KMOD_DIR)/src) modules \
		> $(KMOD_DIR)/build.log 2>&1 || { cat $(KMOD_DIR)/build.log; exit 1; }
	$(Q)if grep -i -E 'warning|error' $(KMOD_DIR)/build.log | grep -v 'Skipping BTF'; then \
		echo "kmod: the build must be warning-free ($(KMOD_DIR)/build.log)"; exit 1; fi
	$(Q)strip --strip-debug -o $@ $(KMOD_DIR)/src/barehip.ko
	@echo "  KMOD    barehip.ko: $$(stat -c %s $@) bytes stripped" \
		"($$(size -A $@ | awk '/^\.(text|data|rodata|bss)/ { s += $$2 } END { print s }')" \
		"in text and data)"

.PHONY: kmod check-qemu FORCE
FORCE:
kmod: $(KMOD_KO)

# Host side: the echo board (sim board header, ivshmem-doorbell server).
QEMU_WARN := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wvla -O2
$(QEMU_DIR)/echo-board: tests/qemu/echo-board.c tests/qemu/ivshmem-server.c \
		tests/qemu/echo-board.h tests/qemu/ivshmem-server.h kmod/uapi/barehip.h \
		| $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $@"
	$(Q)gcc $(QEMU_WARN) -o $@ tests/qemu/echo-board.c tests/qemu/ivshmem-server.c

# Guest side: static, the guest has no libc.
KMODTEST_SRCS := $(wildcard tests/qemu/guest/k*.c tests/qemu/guest/t_*.c)
$(QEMU_DIR)/kmodtest: $(KMODTEST_SRCS) tests/qemu/guest/kt.h tests/qemu/echo-board.h \
		kmod/uapi/barehip.h | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $@ (static)"
	$(Q)gcc $(QEMU_WARN) -static -o $@ $(KMODTEST_SRCS)
$(QEMU_DIR)/dbgexit: tests/qemu/guest/dbgexit.c | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(QEMU_WARN) -static -o $@ $<

$(QEMU_DIR)/initramfs.cpio: tests/qemu/init tests/qemu/mkinitramfs.sh $(KMOD_KO) \
		$(QEMU_DIR)/kmodtest $(QEMU_DIR)/dbgexit
	@echo "  CPIO    $@"
	$(Q)tests/qemu/mkinitramfs.sh $@ tests/qemu/init $(KMOD_KO) $(QEMU_DIR)/kmodtest \
		$(QEMU_DIR)/dbgexit

# The kernel matching the headers, fetched (not installed) once per ABI.
check-qemu: $(QEMU_DIR)/initramfs.cpio $(QEMU_DIR)/echo-board | $(QEMU_DEPS_STAMP)
	$(Q)tests/qemu/getkernel.sh $(QEMU_DIR)/kernel
	@echo "== QEMU system test: barehip.ko in Debian's kernel $$(tests/qemu/kver.sh)"
	$(Q)tests/qemu/run.sh $(QEMU_DIR)/kernel/current/vmlinux $(QEMU_DIR)/initramfs.cpio \
		$(QEMU_DIR)/echo-board $(QEMU_DIR)
