# Host API programs (tests/programs): small complete HIP programs in the
# style of the public HIP samples, each self-verifying; a single-file one
# (tests/programs/*.hip) is built once and run on each modelled target.
$(BUILD)/tests/programs/%: tests/programs/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $<

# Host API programs of several files (tests/programs/<name>/), built the
# way hipcc users build them: module_api loads --genco code objects at
# run time (for every target, for each one alone, and bare ones);
# rdc_lib links -fgpu-rdc objects and a static device library (an ar
# archive of them, found with -L/-l); cxx_lang mixes a default .cpp
# (HIP), -x hip, -x c++ and C; multi_arch takes several --offload-arch
# (multi_arch_one one, and checks the other target's refusal).  They
# need both gfx90a and gfx942 selected; each runs on every modelled
# target (multi_arch and multi_arch_one on the two they are built for).
# tests/tools/barehip-cc-test.sh checks the command line itself.
PROG_DIR := $(BUILD)/tests/programs
MULTI_PROGRAMS :=
MULTI_PROGRAM_RUNS :=
ifeq ($(filter gfx90a gfx942,$(TARGETS)),gfx90a gfx942)
MODULE_CO_DIR := $(PROG_DIR)/module_api.d
MODULE_COS := $(MODULE_CO_DIR)/kernels.co $(foreach t,$(MODELLED),\
	$(MODULE_CO_DIR)/kernels-$(t).co $(MODULE_CO_DIR)/kernels-$(t).elf)
$(MODULE_CO_DIR)/kernels.co: tests/programs/module_api/kernels.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  GENCO   $<"
	$(Q)$(BAREHIP_CC) --genco -o $@ $<
$(MODULE_CO_DIR)/kernels-%.co: tests/programs/module_api/kernels.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  GENCO   $< ($*)"
	$(Q)$(BAREHIP_CC) --genco --offload-arch=$* -o $@ $<
$(MODULE_CO_DIR)/kernels-%.elf: tests/programs/module_api/kernels.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< ($* code object)"
	$(Q)$(BAREHIP_CC) --device-only --offload-arch=$* -o $@ $<
$(PROG_DIR)/module_api: tests/programs/module_api/main.hip $(MODULE_COS) $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -DMODULE_DIR='"$(abspath $(MODULE_CO_DIR))"' -o $@ $<

RDC_DIR := $(PROG_DIR)/rdc_lib.d
$(RDC_DIR)/%.o: tests/programs/rdc_lib/%.hip tests/programs/rdc_lib/rdc_lib.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-fgpu-rdc -c)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -fgpu-rdc -c -o $@ $<
$(RDC_DIR)/librdcmath.a: $(RDC_DIR)/vector_ops.o $(RDC_DIR)/polynomial.o
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(LLVM_AR) rcsD $@ $^
$(PROG_DIR)/rdc_lib: $(RDC_DIR)/main.o $(RDC_DIR)/librdcmath.a
	@echo "  HIPLD   $@ (-fgpu-rdc)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -fgpu-rdc -o $@ $< -L$(RDC_DIR) -lrdcmath

CXX_LANG_DIR := $(PROG_DIR)/cxx_lang.d
CXX_LANG_DEPS := tests/programs/cxx_lang/cxx_lang.h $(TOOLCHAIN)
$(CXX_LANG_DIR)/kernels.o: tests/programs/cxx_lang/kernels.cpp $(CXX_LANG_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-x hip)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -x hip -c -o $@ $<
$(CXX_LANG_DIR)/host.o: tests/programs/cxx_lang/host.cpp $(CXX_LANG_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-x c++)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -x c++ -c -o $@ $<
$(CXX_LANG_DIR)/c_api.o: tests/programs/cxx_lang/c_api.c $(CXX_LANG_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (C)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -c -o $@ $<
$(PROG_DIR)/cxx_lang: tests/programs/cxx_lang/main.cpp $(addprefix $(CXX_LANG_DIR)/,\
		kernels.o host.o c_api.o)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -o $@ $< $(filter %.o,$^)

$(PROG_DIR)/multi_arch: tests/programs/multi_arch/main.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx942 and gfx90a)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=gfx942 --offload-arch=gfx90a -o $@ $<
$(PROG_DIR)/multi_arch_one: tests/programs/multi_arch/main.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx90a only)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=gfx90a -DONLY_TARGET='"gfx90a"' -o $@ $<

CC_TOOL_TEST := $(BUILD)/tests/tools/barehip-cc-test
$(CC_TOOL_TEST): tests/tools/barehip-cc-test.sh $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s" "%s"\n' "$(abspath $<)" \
		"$(abspath $(BAREHIP_CC))" "$(OFFLOAD_BUNDLER)" "$(LLVM_READELF)" "$(CC_FLAGS)" > $@ \
		&& chmod +x $@

MULTI_PROGRAMS := $(addprefix $(PROG_DIR)/,module_api rdc_lib cxx_lang multi_arch multi_arch_one)
MULTI_PROGRAM_RUNS := $(call on_modelled,$(addprefix $(PROG_DIR)/,module_api rdc_lib cxx_lang)) \
	$(foreach t,$(addprefix $(PROG_DIR)/,multi_arch multi_arch_one),$(t)@gfx90a $(t)@gfx942) \
	$(CC_TOOL_TEST)
MULTI_PROGRAMS += $(CC_TOOL_TEST)
endif

# host_only: main in a .cpp compiled by g++ and a .c compiled by gcc
# (not as HIP: <hip/hip_runtime.h> gives them the host API), linked by
# barehip-cc with the HIP file holding the kernels and a launcher.  The
# g++/gcc objects are not instrumented (sanitizers are clang's here).
HOST_ONLY_DIR := $(PROG_DIR)/host_only.d
HOST_ONLY_DEPS := tests/programs/host_only/host_only.h $(TOOLCHAIN)
HOST_ONLY_CFLAGS := -Wall -Wextra -Werror -O2 -I$(BUILD)/include
$(HOST_ONLY_DIR)/main.o: tests/programs/host_only/main.cpp $(HOST_ONLY_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  CXX     $< (g++, host only)"
	$(Q)g++ $(HOST_ONLY_CFLAGS) -c -o $@ $<
$(HOST_ONLY_DIR)/c_api.o: tests/programs/host_only/c_api.c $(HOST_ONLY_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (gcc, host only)"
	$(Q)gcc -std=c11 $(HOST_ONLY_CFLAGS) -c -o $@ $<
$(HOST_ONLY_DIR)/kernels.o: tests/programs/host_only/kernels.hip $(HOST_ONLY_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-c)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -c -o $@ $<
$(PROG_DIR)/host_only: $(addprefix $(HOST_ONLY_DIR)/,main.o c_api.o kernels.o)
	@echo "  HIPLD   $@"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -o $@ $^
MULTI_PROGRAMS += $(PROG_DIR)/host_only
MULTI_PROGRAM_RUNS += $(call on_modelled,$(PROG_DIR)/host_only)

# hiprtc links device code built ahead of time too: a barehip-cc
# -fgpu-rdc object (bundled bitcode) and an archive of it (a static
# device library), from tests/programs/hiprtc/.
HIPRTC_DIR := $(PROG_DIR)/hiprtc.d
$(HIPRTC_DIR)/device_lib.o: tests/programs/hiprtc/device_lib.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-fgpu-rdc -c)"
	$(Q)$(BAREHIP_CC) -fgpu-rdc -c -o $@ $<
$(HIPRTC_DIR)/libdevice.a: $(HIPRTC_DIR)/device_lib.o
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(LLVM_AR) rcsD $@ $^
$(PROG_DIR)/hiprtc: $(HIPRTC_DIR)/libdevice.a
$(PROG_DIR)/hiprtc: CC_FLAGS += -DRDC_DIR='"$(abspath $(HIPRTC_DIR))"'

# device_ir: each modelled target's device code as LLVM IR, made a code
# object by clang for the GPU, bundled and wrapped in an object by hand,
# linked with the host side compiled alone (tests/programs/device_ir/main.hip
# tells the story; ROCm's llvm_ir_to_executable sample does the same).
DEVICE_IR_DIR := $(PROG_DIR)/device_ir.d
DEVICE_IR_COS := $(foreach t,$(MODELLED),$(DEVICE_IR_DIR)/main-$(t).co)
$(DEVICE_IR_DIR)/main-%.bc: tests/programs/device_ir/main.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (--cuda-device-only -emit-llvm, $*)"
	$(Q)$(BAREHIP_CC) --cuda-device-only -c -emit-llvm --offload-arch=$* -o $@ $<
$(DEVICE_IR_DIR)/main-%.co: $(DEVICE_IR_DIR)/main-%.bc
	@echo "  CLANG   $< (-target amdgcn-amd-amdhsa -mcpu=$*)"
	$(Q)$(BAREHIP_CC) -target amdgcn-amd-amdhsa -mcpu=$* $< -o $@
$(DEVICE_IR_DIR)/main.hipfb: $(DEVICE_IR_COS)
	@echo "  BUNDLE  $@"
	$(Q)$(OFFLOAD_BUNDLER) -type=o -bundle-align=4096 \
		-targets=host-x86_64-unknown-linux-gnu,$(subst $(space),$(comma),$(addprefix \
		hipv4-amdgcn-amd-amdhsa--,$(MODELLED))) -input=/dev/null $(addprefix -input=,$^) -output=$@
$(DEVICE_IR_DIR)/fatbin.o: tests/programs/device_ir/fatbin.s $(DEVICE_IR_DIR)/main.hipfb
	@echo "  MC      $<"
	$(Q)cd $(DEVICE_IR_DIR) && $(LLVM_MC) -triple x86_64-unknown-linux-gnu --filetype=obj \
		-o fatbin.o $(abspath $<)
$(DEVICE_IR_DIR)/main.o: tests/programs/device_ir/main.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (--cuda-host-only -c)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --cuda-host-only -c -o $@ $<
$(PROG_DIR)/device_ir: $(DEVICE_IR_DIR)/main.o $(DEVICE_IR_DIR)/fatbin.o
	@echo "  HIPLD   $@"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -o $@ $^
MULTI_PROGRAMS += $(PROG_DIR)/device_ir
MULTI_PROGRAM_RUNS += $(call on_modelled,$(PROG_DIR)/device_ir)

PROGRAMS := $(patsubst tests/programs/%.hip,$(BUILD)/tests/programs/%,$(wildcard tests/programs/*.hip))
PROGRAM_RUNS := $(call on_modelled,$(PROGRAMS)) $(call on_kfd_run,$(PROGRAMS))
# Several GPUs: multi_device (and ext_launch's multi-device launch) on
# three fake gfx90a GPUs, multi_device on two gfx942.
ifneq ($(KFDSIM_LIB),)
PROGRAM_RUNS += $(if $(filter gfx90a,$(KFD_GFX)),$(PROG_DIR)/multi_device@kfd3-gfx90a \
		$(PROG_DIR)/ext_launch@kfd3-gfx90a) \
	$(if $(filter gfx942,$(KFD_GFX)),$(PROG_DIR)/multi_device@kfd2-gfx942)
endif
# Programs that need the board beside the host (tests/programs/async/:
# the host and running kernels signal each other): on each modelled target
# with the in-process board, and on the kfd backend through the fake KFD
# (whose models run on their own CP threads too), asynchronous unless
# configured without it.
ifneq ($(CONFIG_SIM_ASYNC),)
ASYNC_PROGRAMS := $(patsubst tests/programs/async/%.hip,$(PROG_DIR)/async/%,\
	$(wildcard tests/programs/async/*.hip))
$(PROG_DIR)/async/%: tests/programs/async/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $<
PROGRAMS += $(ASYNC_PROGRAMS)
PROGRAM_RUNS += $(call on_modelled,$(ASYNC_PROGRAMS))
# The fake KFD's board runs beside the host too (host_signal), but runs
# the kernels of different queues one after another (streams.hip needs
# them at once: docs/architecture.md, "Dispatches of several queues").
PROGRAM_RUNS += $(call on_kfd,$(filter %/host_signal,$(ASYNC_PROGRAMS)))
# Kernels of two streams running at once (streams.hip): also at 1, 2 and
# 4 model host threads.
PROGRAM_RUNS += $(foreach n,1 2 4,$(PROG_DIR)/async/streams@$(firstword $(MODELLED))/t$(n))
endif
# The multi-file programs (tests/programs/<name>/, above).
PROGRAMS += $(MULTI_PROGRAMS)
PROGRAM_RUNS += $(MULTI_PROGRAM_RUNS)
CHECK_BINS += $(PROGRAMS)
CHECK_RUNS += $(PROGRAM_RUNS)
