# The libFuzzer targets: tests/fuzz/NAME.c becomes build/fuzz/fuzz/NAME,
# linked with the objects of cmd/NAME/ but its main.c (a target that needs
# the tool's main.c compiles it in, its main() renamed).
FUZZTIME ?= 60
FUZZ_SRC  = $(wildcard tests/fuzz/*.c)
FUZZERS   = $(FUZZ_SRC:tests/fuzz/%.c=build/fuzz/fuzz/%)

define fuzz_target
build/fuzz/fuzz/$(1): build/fuzz/tests/fuzz/$(1).o \
    $(filter-out build/fuzz/cmd/$(1)/main.o,$(patsubst %.c,build/fuzz/%.o,$(wildcard cmd/$(1)/*.c))) \
    build/fuzz/liblg.a
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_LDFLAGS) -fsanitize=fuzzer -o $$@ $$^ $$(LIBS)
endef
ifeq ($(FUZZ),1)
$(foreach t,$(FUZZ_SRC:tests/fuzz/%.c=%),$(eval $(call fuzz_target,$(t))))
fuzz-build: $(FUZZERS)
endif

fuzzers:
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-build

# Seeds come from the tools' own outputs: the plain build first.
fuzz: all fuzzers
	@sh tests/fuzz/run.sh $(FUZZTIME)

.PHONY: fuzzers fuzz fuzz-build
