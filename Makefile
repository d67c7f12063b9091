# sicu - top-level Makefile.  `make help` lists the targets.
SHELL   := /bin/bash
CC      ?= gcc
BUILD   ?= build
# The CU configuration (docs/rtl.md, Configuration).  Each BUILD directory holds
# one: the first build records it in $(BUILD)/config.path; later makes of that
# directory default to it and refuse another one.  Default: rtl/config/default.cfg.
#   make rtl CONFIG=rtl/config/small.cfg BUILD=build-small
BUILD_CONFIG := $(shell cat $(BUILD)/config.path 2>/dev/null || \
                  sed -n 's|^// Generated from \([^ ]*\) .*|\1|p' $(BUILD)/gen/sicu_config.vh 2>/dev/null)
ifeq ($(origin CONFIG),undefined)
CONFIG := $(or $(BUILD_CONFIG),rtl/config/default.cfg)
endif
ifneq ($(BUILD_CONFIG),)
ifneq ($(abspath $(BUILD_CONFIG)),$(abspath $(CONFIG)))
$(error $(BUILD)/ was built with CONFIG=$(BUILD_CONFIG), not $(CONFIG): build each configuration in its own \
  directory (make rtl CONFIG=$(CONFIG) BUILD=build-NAME), or remove $(BUILD)/ first)
endif
endif
OPT     ?= -O2
SAN     ?=
CFLAGS  ?= $(OPT) -g
CFLAGS  += -DSICU_ROOT=\"$(CURDIR)\" -std=gnu11 -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE -Isw/include -I$(BUILD)/gen $(SAN)
LDFLAGS += $(SAN)
LIBS    := -lelf -ljansson -lm

SW_SRCS   := $(wildcard sw/*.c)
CLI_SRCS  := $(wildcard sw/cli/*.c)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)

SW_OBJS   := $(SW_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS  := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

LIB := $(BUILD)/lib/libsicu.a
BIN := $(BUILD)/bin/sicu

.PHONY: golden-emu-test config-keys config-test rtl rtl-unit all deps test sw-test rtl-test unit-test roundtrip roundtrip-programs programs-test badinput-test rfv-test rfv-fuzz asan-test bench example help clean

all: $(BIN) $(BUILD)/gen/si_isa.vh $(BUILD)/gen/sicu_bundle.vh $(BUILD)/gen/sicu_config.vh $(BUILD)/gen/sicu_units.h $(BUILD)/gen/sicu_units.vh ## Build the library, the sicu CLI and the generated RTL ISA header (default)

help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | sed -e 's/:.*## /\t/' | awk -F'\t' '{printf "  %-16s %s\n", $$1, $$2}'

deps: ## Install the Debian packages sicu needs (idempotent)
	@bash scripts/deps.sh

deps-cluster: ## Also the campaign runners' servers: sshd, slurmctld + slurmd, munge (idempotent)
	@bash scripts/deps.sh cluster

# The emulator's lane loops (64 lanes per instruction): let GCC's vectoriser
# weigh its cost model rather than only take the "very cheap" loops of -O2.
LANE_SRCS := sw/valu.c sw/vmem.c sw/ds.c
ifeq ($(findstring clang,$(shell $(CC) --version 2>/dev/null | head -1)),)
$(LANE_SRCS:%.c=$(BUILD)/obj/%.o) $(LANE_SRCS:%.c=$(BUILD)/obj-pic/%.o): CFLAGS += -fvect-cost-model=dynamic
endif

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(SW_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# The whole library, its si_* functions exported: the RTL engine
# ($(BUILD)/lib/libsicu-rtl.so, loaded by `sicu run --engine rtl|cosim`) uses them.
$(BIN): $(CLI_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJS) -Wl,--whole-archive $(LIB) -Wl,--no-whole-archive \
	  -Wl,--export-dynamic-symbol='si_*' $(LIBS)

# The RTL's opcode/format constants, generated from the one instruction table
# and its companion tables (memory-op attributes, atomic ops, bundle, faults).
ISA_DEFS := $(wildcard sw/isa/*.def)
$(BUILD)/gen/si_isa.vh: sw/gen/gen_rtl_header.c sw/isa.c $(ISA_DEFS) sw/include/sicu/isa.h
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -O1 -Wall -Wextra -Isw/include -o $(BUILD)/gen/gen_rtl_header sw/gen/gen_rtl_header.c sw/isa.c
	$(BUILD)/gen/gen_rtl_header > $@.tmp && mv $@.tmp $@

# The unit manifest's C view (harness --scope names, activity and counters,
# sicu-area groups) and its Verilog view (the counter buses), written together.
$(BUILD)/gen/sicu_units.h: rtl/units.manifest scripts/gen-units.sh
	@mkdir -p $(dir $@)
	bash scripts/gen-units.sh rtl/units.manifest $@
$(BUILD)/gen/sicu_units.vh: $(BUILD)/gen/sicu_units.h
	@[ -f $@ ] || bash scripts/gen-units.sh rtl/units.manifest $<

# The decoded-instruction bundle's fields, generated from their one table.
$(BUILD)/gen/sicu_bundle.vh: $(BUILD)/gen/si_isa.vh $(ISA_DEFS)
	$(BUILD)/gen/gen_rtl_header --bundle > $@.tmp && mv $@.tmp $@

# The CU configuration: one file -> Verilog and C headers (sw/gen/gen_config.c
# holds the key table); the directory records which file it was.
$(BUILD)/gen/sicu_config.vh $(BUILD)/gen/sicu_config.h &: $(CONFIG) sw/gen/gen_config.c
	@mkdir -p $(BUILD)/gen
	$(CC) -std=gnu11 -O1 -Wall -Wextra -o $(BUILD)/gen/gen_config sw/gen/gen_config.c
	$(BUILD)/gen/gen_config $(CONFIG) $(BUILD)/gen/sicu_config.vh $(BUILD)/gen/sicu_config.h
	@echo '$(CONFIG)' > $(BUILD)/config.path

config-keys: $(BUILD)/gen/sicu_config.h ## List the configuration keys: sizes and features, values, defaults, what is implemented
	@{ printf 'key\tkind\tvalues\tdefault\timplemented\tdescription\n'; $(BUILD)/gen/gen_config --list; } | column -t -s "$$(printf '\t')"

$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(LIB) -lcmocka $(LIBS) $(LDFLAGS)

# the DMR opportunity model is harness code that needs no model (harness/dmr_cov.c)
$(BUILD)/tests/test_dmr_cov: tests/unit/test_dmr_cov.c harness/dmr_cov.c harness/dmr_cov.h $(LIB) $(BUILD)/gen/sicu_config.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iharness -o $@ $< harness/dmr_cov.c $(LIB) -lcmocka $(LIBS) $(LDFLAGS)

# ---------------------------------------------------------------- RTL unit tests
# Each tests/rtl/tb_X.v (a testbench-only wrapper) with its driver
# tests/rtl/test_X.cpp is verilated into $(BUILD)/rtl-tests/X/Vtb and run by
# `make rtl-unit`.  The driver compares the RTL against the golden library.
VERILATOR ?= verilator
VL_JOBS   ?= 2
RTL_INC   := -Irtl -Irtl/fp -I$(BUILD)/gen -y rtl
RTL_DEPS  := $(wildcard rtl/*.v rtl/*.vh rtl/fp/*.vh) $(BUILD)/gen/si_isa.vh $(BUILD)/gen/sicu_bundle.vh $(BUILD)/gen/sicu_units.vh
RTL_TBS   := $(wildcard tests/rtl/tb_*.v)
RTL_TB_BINS := $(RTL_TBS:tests/rtl/tb_%.v=$(BUILD)/rtl-tests/%/Vtb)

$(BUILD)/rtl-tests/%/Vtb: tests/rtl/tb_%.v tests/rtl/test_%.cpp $(LIB) $(RTL_DEPS)
	@mkdir -p $(dir $@)
	+$(VERILATOR) --cc --exe --build -j $(VL_JOBS) -O3 --x-assign fast --x-initial fast -Wno-fatal \
	  -MAKEFLAGS "CXX=$(VL_CXX)" --Mdir $(dir $@) $(RTL_INC) --top-module tb_$* -o Vtb \
	  -CFLAGS "-O2 -I$(CURDIR)/sw/include -I$(CURDIR)/sw -I$(abspath $(BUILD))/gen" \
	  -LDFLAGS "$(abspath $(LIB)) $(LIBS)" $(CURDIR)/tests/rtl/tb_$*.v $(CURDIR)/tests/rtl/test_$*.cpp >$(dir $@)build.log 2>&1 \
	  || { tail -40 $(dir $@)build.log; exit 1; }

rtl-unit: $(RTL_TB_BINS) ## RTL unit tests: FP functions, lane ALU and SALU vs. the golden library
	@for t in $(RTL_TB_BINS); do echo "== $$t"; $$t || exit 1; done

# ---------------------------------------------------------------- RTL lint and synthesis checks
# They run on their own configuration, CHECK_CONFIG, with its generated headers
# in $(CHECK_BUILD)/gen (nothing else is built; never the verilated model).
# The small configuration keeps them affordable in CI; for another one:
#   make rtl-lint CHECK_CONFIG=rtl/config/default.cfg CHECK_BUILD=build
# Results: $(CHECK_BUILD)/lint/*.log, $(CHECK_BUILD)/synth/report.json (per-module figures).
CHECK_CONFIG ?= rtl/config/small.cfg
CHECK_BUILD  ?= build-small
.PHONY: rtl-lint rtl-synth rtl-check-headers
rtl-check-headers:
	@$(MAKE) -s --no-print-directory CONFIG=$(CHECK_CONFIG) BUILD=$(CHECK_BUILD) \
	  $(CHECK_BUILD)/gen/sicu_config.vh $(CHECK_BUILD)/gen/si_isa.vh $(CHECK_BUILD)/gen/sicu_bundle.vh \
	  $(CHECK_BUILD)/gen/sicu_units.vh

rtl-lint: rtl-check-headers ## verilator --lint-only -Wall of the whole CU (tb/sicu_tb) and of each other module as top (CHECK_CONFIG); fails on any warning
	@bash scripts/rtl-lint.sh $(CHECK_BUILD) $(CHECK_CONFIG)

# rtl-synth (and area-test, on its netlists) keep these modules at word level
# (no techmap): the quarter-rate datapath and the two memory units, the longest
# gate-level runs of the test synthesis (lsu and vmem: 3-5 minutes each on the
# small configuration, and most of the flattened CU's).  Their checks (no
# latches, check -assert) run at word level and area-test estimates their
# figures; `make area` maps every module to gates (docs/area.md).
CHECK_SYNTH_COARSE ?= simd_qr lsu vmem
rtl-synth: rtl-check-headers ## Yosys synthesis of each module and the flattened CU (CHECK_CONFIG): no latches, check -assert; figures in report.json (CHECK_SYNTH_COARSE at word level)
	@SYNTH_COARSE="$(CHECK_SYNTH_COARSE)" bash scripts/rtl-synth.sh $(CHECK_BUILD) $(CHECK_CONFIG)

# ---------------------------------------------------------------- transcendental accuracy
# sicu-fpacc checks log2, exp2, sin, cos, rsq and sqrt on every f32 input of
# their domain against libm in long double (about 15 minutes on 2 cores), and
# sweeps the f64 rcp/rsq/sqrt over every 24-bit significand prefix.
FPACC_TOOL := $(BUILD)/bin/sicu-fpacc
.PHONY: fp-accuracy
$(FPACC_TOOL): sw/tools/sicu-fpacc.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isw -fopenmp -o $@ $< $(LIB) -lm $(LDFLAGS)

fp-accuracy: $(FPACC_TOOL) ## Accuracy vs libm: log2/exp2/sin/cos/rsq/sqrt exhaustive, f64 rcp/rsq/sqrt swept (FNS="log ... sqrt64"; ~15 min)
	$(FPACC_TOOL) $(FNS)

# ---------------------------------------------------------------- area proxies (docs/area.md)
# Per-module flop/RAM/ROM bits, NAND2-equivalents and transistor estimates from
# the rtl-synth netlists of AREA_CONFIG (rtl-synth is run first when they are
# missing or stale, or with AREA_RESYNTH=1), grouped like MIAOW's breakdown.
# Results: $(AREA_BUILD)/area/area.json, area.csv, breakdown.svg/png.  For the default configuration:
#   make area AREA_BUILD=build-area-default AREA_CONFIG=rtl/config/default.cfg
# The coarse modules (rtl-synth's SYNTH_COARSE: the quarter-rate datapath, and
# with `make rtl-synth`'s CHECK_SYNTH_COARSE lsu and vmem too, kept at word level
# for the test run's sake) are mapped to gates here (simd_qr about 7 minutes,
# 1.1 GB, within AREA_COARSE_MEM_MB), or estimated from their word-level cells
# with AREA_COARSE_GATES=0 (area-test).  Every other module, the lane included,
# is at gate level from rtl-synth.
AREA_CONFIG ?= rtl/config/small.cfg
AREA_BUILD  ?= build-small
AREA_TOOL   := $(BUILD)/bin/sicu-area
.PHONY: area area-test area-headers
$(AREA_TOOL): sw/tools/sicu-area.c $(BUILD)/gen/sicu_units.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< -ljansson -lm $(LDFLAGS)

area-headers:
	@$(MAKE) -s --no-print-directory CONFIG=$(AREA_CONFIG) BUILD=$(AREA_BUILD) \
	  $(AREA_BUILD)/gen/sicu_config.vh $(AREA_BUILD)/gen/si_isa.vh $(AREA_BUILD)/gen/sicu_bundle.vh \
	  $(AREA_BUILD)/gen/sicu_units.vh

area: $(AREA_TOOL) area-headers ## Area proxies per module and MIAOW-style breakdown (AREA_CONFIG, AREA_BUILD; AREA_COARSE_GATES=0: coarse modules estimated)
	@AREA_TOOL=$(AREA_TOOL) bash scripts/area.sh $(AREA_BUILD) $(AREA_CONFIG)

area-test: $(AREA_TOOL) area-headers ## Area report checks: all modules, sums of the parts, larger register files -> larger area, lane at gate level
	@SYNTH_COARSE="$(CHECK_SYNTH_COARSE)" AREA_TOOL=$(AREA_TOOL) bash scripts/area-test.sh $(AREA_BUILD) $(AREA_CONFIG)

# ---------------------------------------------------------------- the RTL model and its harness
# $(BUILD)/rtl/obj: the verilated compute unit.  The SIMD lane and the
# quarter-rate datapath (RTL_DP) are verilated and compiled once each, as
# models of their own (flattening the lane into the CU made ~660 MB of C++).
# $(BUILD)/lib/libsicu-rtl.so: the model, Verilator's runtime and the harness
# (harness/*.c, shm.cpp), position-independent; `sicu run --engine rtl|cosim`
# loads it from ../lib next to the sicu binary.  It exports only the engine
# entry point (harness/libsicu-rtl.map) and takes the si_* functions from the
# sicu binary that loads it.
RTL_OBJ  := $(BUILD)/rtl/obj
RTL_TOP_SRCS := $(wildcard rtl/*.v) $(wildcard rtl/*.vh) $(wildcard rtl/fp/*.vh) $(wildcard rtl/tb/*.v)
# --trace-fst: waveforms (sicu run --waves); tracing costs little until a
# window opens it.  Signals wider than 256 bits (2048-bit VGPR rows) and
# arrays are not traced (Verilator's --trace-max-width/--trace-max-array).
# -fno-dfg: Verilator 5's data-flow optimizer hoists the results of the
# lane's helper functions out of its op case, so every lane computed every
# integer op each cycle: without it a run executes 15% fewer host
# instructions (the lanes 60% fewer, the rest 6% more) and is 3-6% faster.
# VL_THREADS=N: a model verilated with --threads N (make bench's second model).
VL_THREADS ?=
VL_FLAGS ?= -O3 --x-assign fast --x-initial fast --trace-fst -fno-dfg $(if $(VL_THREADS),--threads $(VL_THREADS))
# extra Verilog defines, e.g. the test-only +define+SICU_TEST_BREAK_GRANT (make assert-test)
VL_DEFINES ?=
# VPI=1: every signal reachable by name through VPI (harness sh_flip, fault
# injection); costs simulation speed, so only in builds made for it
VPI ?= 0
ifeq ($(VPI),1)
VL_DEFINES += --vpi --public-flat-rw
SHM_VPI := -DSICU_VPI
VL_RT_VPI := verilated_vpi
endif
# everything in the shared library is compiled position-independent; without
# semantic interposition the compiler still inlines/calls directly as in an executable
RTL_PIC  := -fPIC -fno-semantic-interposition
VL_OPT   ?= OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2 $(if $(shell command -v ccache),OBJCACHE=ccache)
# The models' C++ is compiled with clang++ when it is there (make deps installs
# it): the same model executes ~10% fewer host instructions than with g++ and
# compiles in half the time.  VL_CXX=g++ for GCC.
VL_CXX   ?= $(if $(shell command -v clang++ 2>/dev/null),clang++,$(CXX))
VL_CXX   := $(VL_CXX)
# PGO=1 (the default with clang++ and llvm-profdata, in builds without VPI and
# without test-only defines): the models are compiled twice, first
# instrumented into $(BUILD)/pgo, whose libsicu-rtl.so runs a few bundled
# programs (scripts/pgo-train.sh; a run that fails stops the build), then with
# the profile of those runs (clang -fprofile-instr-use).  The model's
# behaviour is the same; with clang++ it runs 1.26-1.31 times as fast as the
# g++ -O2 build (docs/rtl.md, Building).  PGO=0: one compile (quicker
# rebuilds while changing the RTL).  PGO_PROGS: the training programs.
PGO_OK   := $(and $(filter clang++%,$(notdir $(VL_CXX))),$(shell command -v llvm-profdata 2>/dev/null))
PGO      ?= $(if $(and $(PGO_OK),$(filter 0,$(VPI)),$(if $(VL_DEFINES),,1)),1,0)
PGO      := $(PGO)
PGO_DIR  := $(BUILD)/pgo
PGO_DATA := $(PGO_DIR)/model.profdata
PGO_PROGS ?= BitonicSort Reduction matmul fp64 blackscholes lds
ifeq ($(PGO),gen)
PGO_CFLAGS := -fprofile-instr-generate
RTL_LD     := $(VL_CXX) -fprofile-instr-generate
else ifeq ($(PGO),1)
PGO_CFLAGS := -fprofile-instr-use=$(abspath $(PGO_DATA)) -Wno-profile-instr-unprofiled -Wno-profile-instr-out-of-date
PGO_DEP    := $(PGO_DATA)
endif
RTL_LD   ?= $(CXX)
VL_MAKE   = CXX=$(VL_CXX) $(VL_OPT)
VL_ROOT  := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)
H_SRCS   := $(wildcard harness/*.c)
H_OBJS   := $(H_SRCS:%.c=$(BUILD)/obj/%.o)
# The datapaths (lanes, quarter-rate unit): verilated on their own, one model
# per instance, called by the SIMDs only in the cycles that use their results
# (rtl/simd.v SICU_DPATH_DPI, harness/shm.cpp; docs/rtl.md "Building").
# Combinational models: no tracing of their insides (their ports are traced
# in the CU), no threads.
RTL_DP := simd_lane simd_qr
RTL_DP_LIBS := $(foreach m,$(RTL_DP),$(RTL_OBJ)/V$(m)/V$(m)__ALL.a)
VL_DP_FLAGS ?= -O3 --x-assign fast --x-initial fast -fno-dfg
RTL_LIBS := $(RTL_OBJ)/Vsicu_tb__ALL.a $(RTL_DP_LIBS)
VL_RT    := verilated verilated_threads verilated_fst_c $(VL_RT_VPI)
VL_RT_OBJS := $(VL_RT:%=$(BUILD)/rtl/vlrt/%.o)

# re-verilate when the Verilator flags change
VL_STAMP := $(BUILD)/rtl/vl_flags.txt
VL_STAMP_TXT := $(VL_FLAGS) $(VL_DEFINES) $(RTL_PIC) $(VL_CXX) PGO=$(PGO)
$(shell mkdir -p $(BUILD)/rtl; echo '$(VL_STAMP_TXT)' | cmp -s - $(VL_STAMP) || echo '$(VL_STAMP_TXT)' > $(VL_STAMP))
$(RTL_OBJ)/Vsicu_tb__ALL.a: $(RTL_TOP_SRCS) $(BUILD)/gen/si_isa.vh $(BUILD)/gen/sicu_bundle.vh $(BUILD)/gen/sicu_config.vh $(BUILD)/gen/sicu_units.vh $(VL_STAMP) $(PGO_DEP)
	@mkdir -p $(RTL_OBJ)
	@echo "VERILATE sicu_tb = sicu_cu + monitor$(if $(PGO_DEP), (profile: $(PGO_DATA))) (log: $(BUILD)/rtl/build.log)"
	@+$(VERILATOR) --cc --build -j $(VL_JOBS) $(VL_FLAGS) +define+SICU_DPATH_DPI $(VL_DEFINES) -CFLAGS "$(RTL_PIC) $(PGO_CFLAGS)" -MAKEFLAGS "$(VL_MAKE)" -Wno-fatal \
	  --Mdir $(RTL_OBJ) $(RTL_INC) -y rtl/tb \
	  --top-module sicu_tb $(BUILD)/gen/sicu_config.vh rtl/tb/sicu_tb.v >$(BUILD)/rtl/build.log 2>&1 \
	  || { tail -40 $(BUILD)/rtl/build.log; exit 1; }
define RTL_DP_RULE
$(RTL_OBJ)/V$(1)/V$(1)__ALL.a: rtl/$(1).v $(wildcard rtl/fp/*.vh) rtl/simd_fu.vh $(BUILD)/gen/si_isa.vh $(VL_STAMP) $(PGO_DEP)
	@mkdir -p $$(dir $$@)
	@echo "VERILATE $(1) (datapath model; log: $(BUILD)/rtl/build-$(1).log)"
	@+$(VERILATOR) --cc --build -j $(VL_JOBS) $(VL_DP_FLAGS) -CFLAGS "$(RTL_PIC) $(PGO_CFLAGS)" -MAKEFLAGS "$(VL_MAKE)" -Wno-fatal \
	  --Mdir $$(dir $$@) $(RTL_INC) --top-module $(1) rtl/$(1).v >$(BUILD)/rtl/build-$(1).log 2>&1 \
	  || { tail -40 $(BUILD)/rtl/build-$(1).log; exit 1; }
endef
$(foreach m,$(RTL_DP),$(eval $(call RTL_DP_RULE,$(m))))

# Verilator's runtime, compiled once
$(BUILD)/rtl/vlrt/%.o: $(VL_ROOT)/include/%.cpp $(VL_STAMP)
	@mkdir -p $(dir $@)
	$(CXX) -O2 $(RTL_PIC) -std=c++17 -I$(VL_ROOT)/include -I$(VL_ROOT)/include/vltstd -c $< -o $@

$(BUILD)/obj/harness/%.o: harness/%.c $(BUILD)/gen/sicu_config.h $(BUILD)/gen/sicu_units.h $(VL_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(RTL_PIC) -Iharness -Isw -I$(VL_ROOT)/include -MMD -MP -c $< -o $@

$(BUILD)/obj/harness/shm.o: harness/shm.cpp harness/shm.h $(RTL_LIBS)
	@mkdir -p $(dir $@)
	$(CXX) -O2 $(RTL_PIC) $(SHM_VPI) -std=c++17 -Iharness -I$(BUILD)/gen -I$(BUILD)/rtl -I$(RTL_OBJ) \
	  $(RTL_DP:%=-I$(RTL_OBJ)/V%) -I$(VL_ROOT)/include \
	  -I$(VL_ROOT)/include/vltstd -c $< -o $@

RTL_SO := $(BUILD)/lib/libsicu-rtl.so
$(RTL_SO): $(H_OBJS) $(BUILD)/obj/harness/shm.o $(RTL_LIBS) $(VL_RT_OBJS) harness/libsicu-rtl.map
	@mkdir -p $(dir $@)
	$(RTL_LD) -shared -o $@.tmp -Wl,--version-script=harness/libsicu-rtl.map $(H_OBJS) $(BUILD)/obj/harness/shm.o \
	  $(RTL_LIBS) $(VL_RT_OBJS) -ljansson -lz -lm -pthread -latomic && mv $@.tmp $@
	@rm -f $(BUILD)/bin/sicu-rtl   # the former harness binary, if this directory has one

# The profile for PGO=1: the instrumented engine ($(PGO_DIR), PGO=gen, same
# config and flags) runs PGO_PROGS (-O2, host-checked) once.
$(PGO_DATA): $(RTL_TOP_SRCS) $(RTL_DP:%=rtl/%.v) $(wildcard rtl/fp/*.vh) rtl/simd_fu.vh $(H_SRCS) harness/shm.cpp \
             $(BUILD)/gen/sicu_config.vh $(VL_STAMP) $(BIN) scripts/pgo-train.sh
	@echo "PGO: the instrumented engine in $(PGO_DIR) (PGO=0 skips this), then $(PGO_PROGS)"
	@+$(MAKE) --no-print-directory BUILD=$(PGO_DIR) CONFIG=$(CONFIG) PGO=gen VL_FLAGS="$(VL_FLAGS)" VL_CXX=$(VL_CXX) \
	  $(PGO_DIR)/lib/libsicu-rtl.so >$(BUILD)/rtl/pgo-build.log 2>&1 || { tail -30 $(BUILD)/rtl/pgo-build.log; exit 1; }
	@bash scripts/pgo-train.sh $(BUILD) $(PGO_DIR) $(PGO_PROGS)

# The harness library's API test (tests/harness/test_api.c), linked with the
# harness objects and the model like libsicu-rtl.so (make api-test).
API_TEST := $(BUILD)/tests/test_api
$(API_TEST): tests/harness/test_api.c $(H_OBJS) $(BUILD)/obj/harness/shm.o $(RTL_LIBS) $(VL_RT_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iharness -c $< -o $(BUILD)/tests/test_api.o
	$(CXX) -o $@ $(BUILD)/tests/test_api.o $(H_OBJS) $(BUILD)/obj/harness/shm.o $(LIB) $(RTL_LIBS) $(VL_RT_OBJS) \
	  -lcmocka $(LIBS) -lz -pthread -latomic

api-test: $(API_TEST) ## Harness library API (open/step/counters/wave state/flip/finish) on an asm test in cosim
	@bash scripts/api-test.sh $(API_TEST)

# Fault injection (docs/faults.md) on the model of FI_BUILD: a FAULT_INJECT on,
# VPI=1 build, made beforehand (never rebuilt by the test):
#   make -j2 all rtl VPI=1 CONFIG=rtl/config/fi.cfg BUILD=build-fi
FI_BUILD ?= build-fi
.PHONY: fault-test
fault-test: ## Fault injection on vadd: known masked/latent/sdc outcomes, bad specs, shard determinism, campaign.sh (FI_BUILD=build-fi, under a minute)
	@bash scripts/fault-test.sh $(FI_BUILD)
.PHONY: campaign-runners-test slurm-campaign
campaign-runners-test: deps-cluster ## Campaign runners: parallel --sshlogin against a loopback sshd, a Slurm array on a local single-node cluster, both equal to a local run (FI_BUILD)
	@bash scripts/campaign-runners-test.sh $(FI_BUILD)
# A campaign through Slurm on this machine: a single-node slurmctld + slurmd +
# munge (scripts/slurm-local.sh, state in $(FI_BUILD)/slurm), sbatch --array
# --wait, merge, stop.  SPEC: a campaign spec; DIR: its results.
SPEC ?=
DIR ?= $(FI_BUILD)/campaign-slurm
slurm-campaign: deps-cluster ## Run campaign SPEC=... through a single-node Slurm cluster started here (DIR=results, FI_BUILD)
	@test -n "$(SPEC)" || { echo "slurm-campaign: SPEC=campaign.json is needed (docs/faults.md)" >&2; exit 2; }
	@bash scripts/slurm-local.sh run $(FI_BUILD)/slurm scripts/campaign.sh $(SPEC) $(DIR) --slurm --wait
.PHONY: fi-study
fi-study: ## MIAOW-style flop campaign: Table VII + Rodinia-like programs, all state vs no RF (and the ReplayQ alone on a DMR model), runs ended 5,000 cycles after the flip (FI_BUILD; N, RUNNER=local|slurm)
	@bash scripts/fi-study.sh $(FI_BUILD)

# Warped-DMR (docs/dmr.md) on the models of rtl/config/dmr.cfg (DMR enhanced,
# FAULT_INJECT on), made beforehand (never rebuilt here): DMR_BUILD with VPI=1
# for fault injection, DMR_PERF_BUILD without it (faster) for the overhead sweep:
#   make -j2 all rtl VPI=1 CONFIG=rtl/config/dmr.cfg BUILD=build-dmr-fi
#   make -j2 all rtl CONFIG=rtl/config/dmr.cfg BUILD=build-dmr
DMR_BUILD ?= build-dmr-fi
DMR_PERF_BUILD ?= build-dmr
.PHONY: dmr-test
dmr-test: ## Warped-DMR: cosim per mode, counters vs the model, FU faults detected, the hidden error, a 1-entry ReplayQ (DMR_BUILD=build-dmr-fi)
	@bash scripts/dmr-test.sh $(DMR_BUILD)
.PHONY: dmr-overhead
dmr-overhead: ## Warped-DMR cycle overhead vs ReplayQ size 1/5/10/20, inter and enhanced, per program (BUILD: baseline, DMR_PERF_BUILD)
	@BASE=$(BUILD) DMR_BUILD=$(DMR_PERF_BUILD) bash scripts/dmr-overhead.sh
.PHONY: dmr-coverage
dmr-coverage: ## Warped-DMR intra-warp coverage per program, every cluster size and mapping (after make rtl; OPTS="0 2")
	@BUILD=$(BUILD) bash scripts/dmr-coverage.sh

rtl: $(RTL_SO) $(BIN) ## The verilated CU + harness, BUILD/lib/libsicu-rtl.so, for sicu run --engine rtl|cosim (CONFIG=.. BUILD=.. per config; clang++ with PGO, PGO=0: one compile, no training runs)

# ---------------------------------------------------------------- power proxies (docs/power.md)
POWER_TOOL := $(BUILD)/bin/sicu-power
PROG ?= BitonicSort
.PHONY: power power-test compare

$(POWER_TOOL): sw/tools/sicu-power.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< -ljansson -lm $(LDFLAGS)

power-test: rtl $(BIN) $(POWER_TOOL) ## Power proxy consistency on two programs (needs the area report of make area-test)
	@POWER_TOOL=$(POWER_TOOL) AREA_BUILD=$(AREA_BUILD) bash scripts/power-test.sh

power: rtl $(BIN) $(POWER_TOOL) ## Power proxies per module of RTL runs: make power PROG="BitonicSort asm/ds" (needs make area; POWER_AREA=...)
	@POWER_TOOL=$(POWER_TOOL) AREA_BUILD=$(or $(AREA_BUILD),build-small) bash scripts/power.sh $(PROG)

compare: $(BIN) $(POWER_TOOL) ## Compare two RTL versions (build dirs or git revisions): make compare A=HEAD~1 B=build [PROGS="..."] [AREA=1]
	@test -n "$(A)" -a -n "$(B)" || { echo "usage: make compare A=REV|BUILD_DIR B=REV|BUILD_DIR [PROGS=...] [AREA=1]" >&2; exit 2; }
	@BUILD=$(BUILD) AREA=$(AREA) bash scripts/compare.sh "$(A)" "$(B)" $(PROGS)

# ---------------------------------------------------------------- waveforms (docs/waves.md)
.PHONY: view waves-test
view: ## Open a waveform in GTKWave with a unit's view: make view WAVES=FILE.fst UNIT=issue (a unit of rtl/units.manifest)
	@test -n "$(WAVES)" || { echo "usage: make view WAVES=FILE.fst UNIT=issue" >&2; exit 2; }
	@BUILD=$(BUILD) bash scripts/waves.sh view "$(WAVES)" "$(or $(UNIT),issue)"

waves-test: rtl $(BIN) ## Headless waveform checks: windows, scopes, unit views, failure waveform, bad options
	@bash scripts/waves-test.sh

example: $(BIN) ## Compile and run the bundled vector-add example, check it against the host
	@bash scripts/example.sh

# ---------------------------------------------------------------- RTL regressions
.PHONY: regress golden rtl-programs api-test assert-test units-test
regress: rtl $(BIN) ## RTL traces vs. the stored golden traces (tests/golden/LIST; sicu trace-diff)
	@bash scripts/regress.sh

golden-emu-test: $(BIN) ## The emulator's traces of the golden cases are byte-identical to the stored golden traces
	@bash scripts/regress.sh --emu

golden: $(BIN) ## Recompile the regression cases and regenerate their golden traces with the emulator
	@bash scripts/regress.sh --golden

rtl-programs: rtl $(BIN) ## Every bundled program (-O0/-O2) and asm test in cosim + host check
	@ENGINE=cosim bash scripts/run-programs.sh

# ---------------------------------------------------------------- random programs (docs/fuzz.md)
# $(BUILD)/bin/sicu-fuzz writes a constrained-random SI program for a seed;
# scripts/fuzz.sh generates, assembles and runs N seeds from START and stops
# at the first failure (kept in $(BUILD)/fuzz/seed-S/).  FUZZ_ARGS go to sicu-fuzz.
FUZZ := $(BUILD)/bin/sicu-fuzz
N ?= 200
START ?= 1
.PHONY: fuzz-emu fuzz-cosim fuzz-cosim-x

$(FUZZ): tests/fuzz/sicu-fuzz.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LIBS) $(LDFLAGS)

fuzz-emu: $(BIN) $(FUZZ) ## Random SI programs on the golden emulator (N=200 seeds from START=1)
	@bash scripts/fuzz.sh $(N) emu $(START)

# instructions the RTL LSU does not implement yet (they fault clearly; docs/rtl.md)
RTL_FUZZ_EXCLUDE := s_setvskip,ds_*_src2_*
fuzz-cosim: rtl $(BIN) $(FUZZ) ## Random SI programs, the RTL checked against the emulator (N=200 seeds from START=1)
	@FUZZ_ARGS="--exclude $(RTL_FUZZ_EXCLUDE) $(FUZZ_ARGS)" bash scripts/fuzz.sh $(N) cosim $(START)

# The same on a model built with --x-initial unique --x-assign unique (XINIT_BUILD,
# XINIT_CONFIG): every flop and memory the reset does not set starts random,
# seeded per program (SICU_RAND_RESET = the program's seed, printed on failure).
XINIT_BUILD  ?= build-xinit
XINIT_CONFIG ?= rtl/config/default.cfg
fuzz-cosim-x: ## Random programs in cosim with random initial state (--x-initial unique, seed per program; N, START)
	@$(MAKE) -s --no-print-directory CONFIG=$(XINIT_CONFIG) BUILD=$(XINIT_BUILD) \
	  VL_FLAGS="-O3 --x-assign unique --x-initial unique --trace-fst -fno-dfg" all rtl $(XINIT_BUILD)/bin/sicu-fuzz
	@BUILD=$(XINIT_BUILD) RAND_RESET=1 FUZZ_ARGS="--exclude $(RTL_FUZZ_EXCLUDE) $(FUZZ_ARGS)" \
	  bash scripts/fuzz.sh $(N) cosim $(START)

test: sw-test rtl-test ## Run all tests (software suites, then the RTL suites)
	@echo "all test suites passed"

sw-test: config-test units-test unit-test roundtrip programs-test roundtrip-programs badinput-test golden-emu-test rfv-test builtins-test ## The emulator/toolchain suites
	@echo "software test suites passed"

# The RTL suites CI can afford: lint and Yosys synthesis of the small config, the
# golden-trace regression, the asm tests and a few -O2 programs in cosim,
# CI_FUZZ random programs in cosim.  `make rtl-programs` / `make fuzz-cosim
# N=2000` are the long versions.
CI_FUZZ ?= 60
RTL_SMOKE := asm/atomic-ret asm/branches asm/ds asm/ds-pipe asm/ds-xchg2 asm/inflight asm/mubuf asm/mubuf-format asm/salu asm/smrd asm/smrd-order asm/valu-f32 asm/valu-f64 asm/valu-int asm/vopc asm/vstore \
             vadd lds atomics racy ldsracy fp32math fp64 intdiv
# rfv-rewritten code (metadata decoded as no-ops) in cosim: programs -O2, the pass's own asm cases
RFV_SMOKE := vadd BinarySearch Reduction lds asm/valu-int rfv/getpc rfv/partial rfv/twokernels
RTL_TEST_DEPS := rtl $(BIN) $(FUZZ) $(API_TEST) rtl-lint rtl-synth $(AREA_TOOL) $(POWER_TOOL)
rtl-test: rtl-test-builds rtl-test-runs ## RTL: lint + synthesis + area report (small config), faults/hangs, waveforms, power proxies, golden traces, cosim smoke, built-ins subset, CI_FUZZ random programs
	@echo "RTL test suites passed"

# Two independent halves (separate build and output directories), so that
# `make -j2 test` runs them side by side once the model, lint and synthesis
# are done: most of these suites use one core.
.PHONY: rtl-test-builds rtl-test-runs
rtl-test-builds: $(RTL_TEST_DEPS)   # the assertion build (build-assert) and the random programs
	@bash scripts/assert-test.sh
	@JOBS=2 FUZZ_ARGS="--exclude $(RTL_FUZZ_EXCLUDE)" bash scripts/fuzz.sh $(CI_FUZZ) cosim 1
rtl-test-runs: $(RTL_TEST_DEPS)
	@$(MAKE) --no-print-directory area-test   # after rtl-synth (same netlists), not in parallel with it
	@RTL_ONLY=1 bash scripts/badinput.sh
	@bash scripts/api-test.sh $(API_TEST)
	@bash scripts/waves-test.sh
	@POWER_TOOL=$(POWER_TOOL) AREA_BUILD=$(AREA_BUILD) bash scripts/power-test.sh
	@bash scripts/regress.sh
	@ENGINE=cosim OPTS=2 bash scripts/run-programs.sh $(RTL_SMOKE)
	@RFV_ENGINE=cosim OPTS=2 bash scripts/rfv-test.sh $(RFV_SMOKE)   # rfv-rewritten code on the RTL
	@$(MAKE) --no-print-directory builtins-cosim   # a representative subset of the built-ins test
	@$(MAKE) --no-print-directory ocl-test   # the OpenCL runtime on emu and, now that it is built, cosim

assert-test: ## RTL assertions: a test-only broken invariant fails cosim naming the assertion (small config, build-assert)
	@bash scripts/assert-test.sh

units-test: ## The unit manifest agrees with the RTL files, waveform views, docs and counters
	@bash scripts/units-test.sh

config-test: ## The configuration generator (bad keys/values, feature defaults) and one CONFIG per BUILD dir
	@bash scripts/config-test.sh

unit-test: $(UNIT_BINS) ## cmocka unit tests
	@bash scripts/run-unit.sh $(UNIT_BINS)

roundtrip: $(BIN) ## Disassembler round trip through llvm-mc over a generated corpus
	@bash scripts/roundtrip.sh

programs-test: $(BIN) ## Every bundled program vs. its host reference at -O0 and -O2
	@bash scripts/run-programs.sh

roundtrip-programs: programs-test ## Disassemble every compiled program, re-assemble with llvm-mc, compare bytes
	@bash scripts/roundtrip-programs.sh

badinput-test: $(BIN) ## Bad inputs give clear errors and non-zero exits
	@bash scripts/badinput.sh

RFV_FUZZ ?= 30
RFV_OPTS ?= 0 2
rfv-test: $(BIN) $(FUZZ) ## Register-file virtualization: every program (-O0/-O2: RFV_OPTS) and asm test rewritten by sicu rfv, run plain, poisoned and with a side table; release-early must fail; RFV_FUZZ (30) random programs poisoned (~2 min)
	@OPTS="$(RFV_OPTS)" bash scripts/rfv-test.sh
	@bash scripts/rfv-fuzz.sh $(RFV_FUZZ) 1

rfv-fuzz: $(BIN) $(FUZZ) ## Random programs (sicu-fuzz) under sicu rfv: poisoned runs must match plain ones (N=200 seeds from START=1)
	@bash scripts/rfv-fuzz.sh $(N) $(START)

# The RTL side of register-file virtualization (docs/rfv.md, section 10) on
# its own model: make -j2 all rtl CONFIG=rtl/config/rfv.cfg BUILD=build-rfv
RFV_BUILD ?= build-rfv
RFV_REPORT_OPTS ?= 2
.PHONY: rfv-rtl-test
rfv-rtl-test: ## RFV in the RTL: every program (RFV_OPTS) and asm test rewritten by sicu rfv in cosim on RFV_BUILD (build-rfv, RFV on) with its renaming counters checked, GPU-Shrink on the smallest file at -O2, and RFV_FUZZ random programs
	@$(RFV_BUILD)/bin/sicu version 2>/dev/null | grep -Eq '^ +RFV +on ' || \
	  { echo "rfv-rtl-test: $(RFV_BUILD) is not an RFV model (make -j2 all rtl CONFIG=rtl/config/rfv.cfg BUILD=$(RFV_BUILD))" >&2; exit 2; }
	@$(MAKE) -s --no-print-directory BUILD=$(RFV_BUILD) CONFIG=rtl/config/rfv.cfg $(RFV_BUILD)/bin/sicu-fuzz
	@BUILD=$(RFV_BUILD) RFV_ENGINE=cosim OPTS="$(RFV_OPTS)" bash scripts/rfv-test.sh
	@BUILD=$(RFV_BUILD) RFV_ENGINE=cosim EXCLUDE="$(RTL_FUZZ_EXCLUDE)" bash scripts/rfv-fuzz.sh $(RFV_FUZZ) 1

.PHONY: rfv-report
rfv-report: $(BIN) ## RFV's experiments vs the thesis (docs/rfv.md sections 11-12): every program (RFV_REPORT_OPTS, -O2) on build and RFV_BUILD at RFC 0/1/2/5/10 entries, wake-up 0/1/3/10 cycles, GPU-Shrink 50/40/30% and the compiler-spill baseline; table and gnuplot figures in RFV_BUILD/rfv-report/
	@BASE=$(BUILD) RFV_BUILD=$(RFV_BUILD) OPTS="$(RFV_REPORT_OPTS)" bash scripts/rfv-report.sh $(NAMES)

asan-test: ## The test suite under ASan/UBSan (separate build dir)
	$(MAKE) BUILD=build-asan OPT=-O1 SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	  BUILTINS_SUBSET=quick RFV_OPTS=2 RFV_FUZZ=10 sw-test

bench: $(BIN) ## Performance figures: emulator throughput; RTL speed, IPC/CPI, rebuild times (after make rtl)
	@bash scripts/bench.sh

clean: ## Remove build products (BUILD/ and BUILD-fuzz/; with the default BUILD also build-asan, build-assert, build-xinit)
	rm -rf $(BUILD) $(BUILD)-fuzz $(if $(filter build,$(BUILD)),build-asan build-assert build-xinit)

# Self-contained parts with their own rules (their targets show in make help)
-include sw/opencl/opencl.mk
-include tests/builtins/builtins.mk
-include tests/fuzz/libfuzzer.mk
-include $(SW_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(H_OBJS:.o=.d)
