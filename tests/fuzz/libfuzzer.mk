# ---------------------------------------------------------------- libFuzzer targets (docs/fuzz.md)
# Included by the top-level Makefile.  Coverage-guided fuzzers of the library
# entry points, built with clang -fsanitize=fuzzer,address,undefined into
# $(BUILD)-fuzz/ (LF_BUILD), separately from the gcc build: the library's
# sw/*.c are compiled again there with the sanitizers and coverage.
#
#   tests/fuzz/libfuzzer/fuzz_NAME.c   the targets (NAME in LF_NAMES)
#   tests/fuzz/corpus/NAME/            their seed corpora (copied, never written)
#   tests/fuzz/libfuzzer/NAME.dict     optional libFuzzer dictionaries
#   tests/fuzz/libfuzzer/run.sh        runs them (make fuzz / fuzz-smoke)
#
#   make fuzz FUZZ_TIME=60 [FUZZ_TARGET=name]    campaign, corpus kept in $(LF_BUILD)/corpus
#   make fuzz-smoke                              ~10 s per target, fails on any finding
LF_BUILD   := $(BUILD)-fuzz
LF_CC      ?= clang
LF_LLVM_MC ?= $(shell command -v llvm-mc-14 || command -v llvm-mc)
LF_NAMES   := loader launch decode tracediff exec rfv
LF_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
LF_CFLAGS  := -O1 -g -std=gnu11 -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE \
              -DSICU_ROOT=\"$(CURDIR)\" -Isw/include $(LF_SAN)
LF_LIBS    := -lelf -ljansson -lm
FUZZ_TIME  ?= 60
FUZZ_TARGET ?=
SMOKE_TIME ?= 10

LF_SW_SRCS := $(wildcard sw/*.c)
LF_OBJS    := $(LF_SW_SRCS:%.c=$(LF_BUILD)/obj/%.o)
LF_LIB     := $(LF_BUILD)/lib/libsicu-fuzz.a
LF_BINS    := $(LF_NAMES:%=$(LF_BUILD)/bin/fuzz_%)
# fixed code objects for fuzz_launch's set-up stage (one without metadata,
# two compiled OpenCL kernels with metadata)
LF_CO_DIR  := $(LF_BUILD)/co
LF_CO      := $(LF_CO_DIR)/salu.o $(LF_CO_DIR)/byvalue.o $(LF_CO_DIR)/vadd.o

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-clean

# The library: instrumented for coverage (fuzzer-no-link) and the sanitizers.
$(LF_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(LF_CC) $(LF_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(LF_LIB): $(LF_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(LF_BUILD)/bin/fuzz_%: tests/fuzz/libfuzzer/fuzz_%.c tests/fuzz/libfuzzer/fuzz_common.h $(LF_LIB)
	@mkdir -p $(dir $@)
	$(LF_CC) $(LF_CFLAGS) $(LF_EXTRA) -fsanitize=fuzzer -o $@ $< $(LF_LIB) $(LF_LIBS)

$(LF_BUILD)/bin/fuzz_launch: LF_EXTRA = -DFUZZ_CODE_DIR=\"$(abspath $(LF_CO_DIR))\"
$(LF_BUILD)/bin/fuzz_launch: $(LF_CO)

$(LF_CO_DIR)/salu.o: programs/asm/salu.s
	@mkdir -p $(dir $@)
	$(LF_LLVM_MC) -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj $< -o $@

# compiled by `sicu cc` (the one OpenCL command line, sw/cc.c)
$(LF_CO_DIR)/byvalue.o: programs/byvalue/byvalue.cl programs/include/sicu.h $(BIN)
	@mkdir -p $(dir $@)
	$(BIN) cc -O2 $< -o $@

$(LF_CO_DIR)/vadd.o: programs/vadd/vadd.cl programs/include/sicu.h $(BIN)
	@mkdir -p $(dir $@)
	$(BIN) cc -O2 $< -o $@

fuzz-build: $(LF_BINS) ## Build the libFuzzer targets (clang, ASan+UBSan) into BUILD-fuzz/bin
	@echo "libFuzzer targets: $(LF_BINS)"

fuzz: $(LF_BINS) ## libFuzzer campaign: each target (or FUZZ_TARGET=name) for FUZZ_TIME=60 s on a corpus copy in BUILD-fuzz/corpus
	@bash tests/fuzz/libfuzzer/run.sh fuzz $(LF_BUILD) $(FUZZ_TIME) $(or $(FUZZ_TARGET),$(LF_NAMES))

fuzz-smoke: $(LF_BINS) ## libFuzzer smoke test: each target ~10 s (SMOKE_TIME) on the seed corpus; fails on any crash, leak or timeout
	@bash tests/fuzz/libfuzzer/run.sh smoke $(LF_BUILD) $(SMOKE_TIME) $(LF_NAMES)

fuzz-clean: ## Remove the libFuzzer build, working corpora and findings (BUILD-fuzz/)
	rm -rf $(LF_BUILD)

-include $(LF_OBJS:.o=.d)
