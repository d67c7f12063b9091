# The OpenCL C built-ins test (docs/builtins.md), included by the top-level
# Makefile: the generator/checker sicu-builtins and its targets.
BUILTINS_GEN  := $(BUILD)/bin/sicu-builtins
BUILTINS_SRCS := $(wildcard tests/builtins/*.c)

# BUILTINS_SUBSET=quick (make asan-test): widths 1 and 3 at -O2 only.
BUILTINS_SUBSET ?=
# The cosim subset: each family once, float and double, scalar and vector.
BUILTINS_COSIM_CASES ?= math-float-1 math-double-1 halfnative-float-4 common-float-3 geometric-double-4 \
                        relational-float-4 int-int-4 int-long-1 conv-int-4 conv-float-3 vdata-float async-int sync atomic

.PHONY: builtins-test builtins-cosim

$(BUILTINS_GEN): $(BUILTINS_SRCS) tests/builtins/builtins.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/builtins -o $@ $(BUILTINS_SRCS) -lm $(LDFLAGS)

builtins-test: $(BIN) $(BUILTINS_GEN) ## Every OpenCL built-in family, type and width at -O0/-O2 on the emulator vs. host references (BUILTINS_SUBSET=quick: less)
	@BUILD=$(BUILD) BUILTINS_SUBSET=$(BUILTINS_SUBSET) bash scripts/builtins-test.sh

builtins-cosim: $(BIN) $(BUILTINS_GEN) ## A representative subset of the built-ins test in cosim (after make rtl)
	@BUILD=$(BUILD) ENGINE=cosim OPTS=2 CASES="$(BUILTINS_COSIM_CASES)" bash scripts/builtins-test.sh
