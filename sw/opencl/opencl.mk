# libsicu-opencl: the OpenCL 1.2 host runtime (docs/opencl.md), included by
# the top-level Makefile.  Builds $(BUILD)/lib/libsicu-opencl.so (with the
# emulator library compiled position-independent inside it, its si_*
# functions exported for the RTL engine) and the ICD file
# $(BUILD)/etc/OpenCL/vendors/sicu.icd for the ocl-icd loader.
OCL_SRCS := $(wildcard sw/opencl/*.c)
OCL_OBJS := $(OCL_SRCS:%.c=$(BUILD)/obj-pic/%.o) $(SW_SRCS:%.c=$(BUILD)/obj-pic/%.o)
OCL_SO   := $(BUILD)/lib/libsicu-opencl.so
OCL_ICD  := $(BUILD)/etc/OpenCL/vendors/sicu.icd

.PHONY: ocl-test

all: $(OCL_SO) $(OCL_ICD)

$(BUILD)/obj-pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -DCL_TARGET_OPENCL_VERSION=120 -MMD -MP -c $< -o $@

$(OCL_SO): $(OCL_OBJS) sw/opencl/libsicu-opencl.map
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -shared -Wl,-Bsymbolic -Wl,-soname,libsicu-opencl.so \
	  -Wl,--version-script=sw/opencl/libsicu-opencl.map -o $@ $(OCL_OBJS) $(LIBS) -ldl

$(OCL_ICD): $(OCL_SO)
	@mkdir -p $(dir $@)
	echo '$(abspath $(OCL_SO))' > $@

ocl-test: $(OCL_SO) $(OCL_ICD) $(BIN) ## OpenCL host runtime: unchanged host programs (programs/ocl) linked directly and via the ICD loader, negative tests, cosim if built
	@BUILD=$(BUILD) bash scripts/ocl-test.sh

-include $(OCL_OBJS:.o=.d)
