# lg: a toolchain for long-generation and long-input benchmarks.
#
#   make            build bin/lg-*
#   make check      install what is missing, build with -Werror, run every
#                   test, again under ASan+UBSan, lint the man pages, a
#                   short fuzz round (JOBS tests at once, see tests/check.sh)
#   make test       build, run the tests once on bin/ (the edit-test loop;
#                   TESTS='PATTERN...' runs only the tests whose name
#                   holds one of the space-separated patterns)
#   make test-san   the same on the sanitizer build, build/san/bin
#   make demo       build and run a small suite of every benchmark through
#                   the reference model (lg-oracle), print the tables, write
#                   the charts and the HTML report
#   make install    PREFIX, DESTDIR, MANPREFIX as usual
#   make SAN=1      a sanitizer build, into build/san/bin
#   make fuzzers    the libFuzzer targets of tests/fuzz/ (clang), into
#                   build/fuzz/fuzz
#   make fuzz       run each of them for FUZZTIME seconds (60)

VERSION   = 0.1.0
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANPREFIX ?= $(PREFIX)/share/man
SHAREDIR ?= $(PREFIX)/share/lg

CC      ?= cc
CFLAGS  ?= -O2 -g
PKGS     = libcjson libcurl libpcre2-8
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libcurl is opened when first called (common/curlload.c), not linked
PKG_LIBS   := $(shell pkg-config --libs libcjson libpcre2-8 2>/dev/null)

WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wpointer-arith -Wformat=2 -Wno-format-nonliteral -Wundef \
       -Wwrite-strings -Wno-missing-field-initializers
# Warnings are errors by default, in every target, so that make, make check
# and make demo build the same objects and none rebuilds the world behind
# another; make WERROR=0 when a newer compiler warns of something new.
WERROR ?= 1
ifeq ($(WERROR),1)
WARN += -Werror
endif

ifeq ($(FUZZ),1)
CC  = clang
O   = build/fuzz
B   = build/fuzz/bin
SANFLAGS = -fsanitize=fuzzer-no-link,address,undefined \
           -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else ifeq ($(SAN),1)
O   = build/san
B   = build/san/bin
# -g1: the line tables the reports need, a tenth less compiling than -g
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
           -fno-sanitize-recover=undefined -g1
else
O   = build/obj
B   = bin
SANFLAGS =
endif

ALL_CFLAGS  = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) \
              -Icommon $(PKG_CFLAGS) -DLG_VERSION='"$(VERSION)"' -MMD -MP
ALL_LDFLAGS = $(LDFLAGS) $(SANFLAGS)
LIBS        = $(PKG_LIBS) -lm -pthread -ldl

COMMON_SRC = $(wildcard common/*.c)
COMMON_OBJ = $(COMMON_SRC:%.c=$(O)/%.o)
LIBLG      = $(O)/liblg.a

# One tool per cmd/lg-X.c, or per folder cmd/lg-X/ when it grows.
TOOLS_FILE = $(patsubst cmd/%.c,%,$(wildcard cmd/lg-*.c))
TOOLS_DIR  = $(sort $(patsubst cmd/%/,%,$(dir $(wildcard cmd/lg-*/*.c))))
TOOLS      = $(sort $(TOOLS_FILE) $(TOOLS_DIR))
BINS       = $(TOOLS:%=$(B)/%)
TOOL_LIBS  = $(TOOLS_DIR:%=$(O)/%.a)

UNIT_SRC   = $(wildcard tests/unit/*.c)
UNITS      = $(UNIT_SRC:tests/unit/%.c=$(O)/unit/%)
HELPER_SRC = $(wildcard tests/helpers/*.c)
HELPERS    = $(HELPER_SRC:tests/helpers/%.c=$(O)/helpers/%)

MANS = $(wildcard man/*.1 man/*.7)

# Without the libraries, the first `make` installs them (mk/deps.sh: apt-get
# as root or with sudo, else a message naming the packages), then builds.
ifeq ($(shell pkg-config --exists $(PKGS) 2>/dev/null && echo ok),ok)
all: $(BINS) $(TOOL_LIBS) $(UNITS) $(HELPERS) $(O)/cl100k.ok
else ifeq ($(DEPS_DONE),1)
all:
	@echo "lg: pkg-config finds no $(PKGS) after installing them: set PKG_CONFIG_PATH" >&2
	@exit 1
else
all:
	@sh mk/deps.sh build
	@$(MAKE) --no-print-directory DEPS_DONE=1 all
endif

# The shipped cl100k_base table, checked against its SHA-256 once per copy:
# a damaged table would give wrong token counts without a word.
TOKTAB = share/tokenizers/cl100k_base.tiktoken
$(O)/cl100k.ok: $(TOKTAB) $(TOKTAB).sha256
	@mkdir -p $(@D)
	@cd $(dir $(TOKTAB)) && sha256sum -c --quiet $(notdir $(TOKTAB)).sha256 || \
	    { echo "lg: $(TOKTAB) does not match its SHA-256: check out the file again" >&2; exit 1; }
	@touch $@

# The flags are a prerequisite: objects built with other flags (make, then
# make WERROR=0) are built again.
FLAGS_TEXT = $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LIBS)
$(O)/flags: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(subst ','\'',$(FLAGS_TEXT))' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(O)/%.o: %.c $(O)/flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# SHAREDIR (PREFIX) is compiled into common/share.o alone, with flags of
# its own: a build for another PREFIX (make install's) builds one object
# again, not every one.
$(O)/shareflags: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(subst ','\'',$(SHAREDIR))' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(O)/common/share.o: common/share.c $(O)/flags $(O)/shareflags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DLG_SHAREDIR='"$(SHAREDIR)"' -c -o $@ $<

$(LIBLG): $(COMMON_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $(COMMON_OBJ)

define tool_file
$(B)/$(1): $(O)/cmd/$(1).o $(LIBLG)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_LDFLAGS) -o $$@ $(O)/cmd/$(1).o $(LIBLG) $$(LIBS)
endef
define tool_dir
$(B)/$(1): $(patsubst %.c,$(O)/%.o,$(wildcard cmd/$(1)/*.c)) $(GEN_OBJ_$(1)) $(LIBLG)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_LDFLAGS) -o $$@ $(patsubst %.c,$(O)/%.o,$(wildcard cmd/$(1)/*.c)) $(GEN_OBJ_$(1)) $(LIBLG) $$(LIBS)
endef
# Objects of C written at build time, never kept in git: lg-report's page
# (its style sheet and script, from page.css and page.js).
GEN_OBJ_lg-report = $(O)/gen/lg-report/page.o
$(O)/gen/lg-report/page.c: cmd/lg-report/page.css cmd/lg-report/page.js \
    cmd/lg-report/mkpage.sh
	@mkdir -p $(@D)
	sh cmd/lg-report/mkpage.sh $@
$(O)/gen/lg-report/page.o: $(O)/gen/lg-report/page.c $(O)/flags
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(foreach t,$(TOOLS_FILE),$(eval $(call tool_file,$(t))))
$(foreach t,$(TOOLS_DIR),$(eval $(call tool_dir,$(t))))

# Each tool folder's objects but main.o, in an archive a unit test of the
# tool links (a test calls a tool's functions by its header, cmd/lg-X/X.h);
# all of them are built (TOOL_LIBS), for tests/scripts/symbols-own.sh.
define tool_lib
$(O)/$(1).a: $(patsubst %.c,$(O)/%.o,$(filter-out cmd/$(1)/main.c,$(wildcard cmd/$(1)/*.c))) $(GEN_OBJ_$(1))
	@mkdir -p $$(@D)
	rm -f $$@
	$$(AR) rcs $$@ $$^
endef
$(foreach t,$(TOOLS_DIR),$(eval $(call tool_lib,$(t))))

# A unit test links the archive of the tool whose header it includes
# ("../../cmd/lg-X/..."), and liblg: no other tool's symbols, so that a
# function it means to test cannot come from another tool.
unit_tools = $(sort $(patsubst ../../cmd/%/,%,$(shell grep -o '^\#include "\.\./\.\./cmd/lg-[a-z0-9_-]*/' $(1) | cut -d'"' -f2)))
define unit_test
$(O)/unit/$(1): $(O)/tests/unit/$(1).o $(patsubst %,$(O)/%.a,$(call unit_tools,tests/unit/$(1).c)) $(LIBLG)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_LDFLAGS) -o $$@ $$^ $$(LIBS)
endef
$(foreach u,$(UNIT_SRC:tests/unit/%.c=%),$(eval $(call unit_test,$(u))))

# the helpers' objects are kept, not removed as intermediate files once
# linked: a later make (make install's copy of the build) has them
.SECONDARY: $(HELPER_SRC:%.c=$(O)/%.o)
$(O)/helpers/%: $(O)/tests/helpers/%.o $(LIBLG)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(LIBLG) $(LIBS)

include mk/fuzz.mk

# each build reads its own dependency files: not those another build,
# side by side (make check), may be writing
-include $(shell find $(O) -name '*.d' 2>/dev/null)

deps:
	@sh mk/deps.sh build

deps-check:
	@sh mk/deps.sh check

# The whole suite: strict build, tests, the same tests under sanitizers,
# man page lint, fuzz round.  The last line is "N passed, N failed,
# N skipped".
# The three builds run side by side, sharing the jobs of make -jN, or
# without -j one compiler per core.
CHECK_J = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 1))
check: deps-check
	@echo "lg check: building the tools (-Werror) into bin/, with ASan+UBSan into build/san/bin/ and the fuzz targets, side by side" >&2
	@$(MAKE) --no-print-directory $(CHECK_J) check-builds >/dev/null
	@echo "lg check: running the suites (a line as each test ends)" >&2
	@sh tests/check.sh

check-builds: check-build-plain check-build-san check-build-fuzz
check-build-plain:
	@$(MAKE) --no-print-directory all
check-build-san:
	@$(MAKE) --no-print-directory SAN=1 all
check-build-fuzz:
	@$(MAKE) --no-print-directory fuzzers

# The order of a fresh clone's first make check (tests/run.sh): after a
# whole make check, each test's longer time of the two suites.
times-seed:
	@test -s build/obj/test-times && test -s build/san/test-times
	@cat build/obj/test-times build/san/test-times | \
	    LC_ALL=C sort -k 2,2 -k 1,1nr | awk '!seen[$$2]++' > tests/times.seed

# A single-node SLURM cluster runs examples/slurm.sh (root; installs
# slurm-wlm and munge); not part of make check.
check-slurm: all
	@sh tests/slurm.sh

# The quick loop: the plain build and its tests, nothing else.
test:
	@echo "lg test: building the tools into bin/" >&2
	@$(MAKE) --no-print-directory all >/dev/null
	@sh tests/check.sh plain

# The same loop on the sanitizer build (TESTS as for make test).
test-san:
	@echo "lg test-san: building the tools with ASan+UBSan into build/san/bin/" >&2
	@$(MAKE) --no-print-directory SAN=1 all >/dev/null
	@RUN_SAN=1 RUN_LABEL=asan+ubsan sh tests/run.sh build/san/bin build/san

demo:
	@sh mk/deps.sh demo
	@echo "lg demo: building the tools" >&2
	@$(MAKE) --no-print-directory all >/dev/null
	@sh mk/demo.sh

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANPREFIX)/man1 \
	    $(DESTDIR)$(MANPREFIX)/man7 $(DESTDIR)$(SHAREDIR)
	cp -f $(BINS) $(DESTDIR)$(BINDIR)/
	cp -f man/*.1 $(DESTDIR)$(MANPREFIX)/man1/
	cp -f man/*.7 $(DESTDIR)$(MANPREFIX)/man7/
	cp -R share/templates share/rubrics share/corpora share/tokenizers \
	    $(DESTDIR)$(SHAREDIR)/
	cp -R examples $(DESTDIR)$(SHAREDIR)/

uninstall:
	rm -f $(TOOLS:%=$(DESTDIR)$(BINDIR)/%)
	rm -f $(MANS:man/%.1=$(DESTDIR)$(MANPREFIX)/man1/%.1)
	rm -f $(DESTDIR)$(MANPREFIX)/man7/lg.7
	rm -rf $(DESTDIR)$(SHAREDIR)

lint:
	mandoc -Tlint -Wwarning $(MANS)

clean:
	rm -rf bin build

.PHONY: all deps deps-check check check-builds times-seed check-build-plain check-build-san \
    check-build-fuzz check-slurm test test-san demo install uninstall lint clean FORCE
