# For OpenBench and other tools that build engines with make: `make EXE=<name>` builds the
# engine through CMake (Release, tuned for this machine) and leaves the binary at <name>.
EXE ?= vireo
BUILD_DIR ?= build-openbench
# OpenBench names the network to test with EVALFILE=<file>: it is embedded instead of nets/vireo.nnue.
EVALFILE ?= nets/vireo.nnue
# Compile jobs (OpenBench's workers run make while other engines play; an unbounded --parallel
# would start one compiler per source file).
JOBS ?= 2
# PGO=ON adds a profile-guided second compile; measured slower than LTO alone on 2026-12-07
# (docs/build-speed.md), so it is off unless asked for.
PGO ?= OFF

.PHONY: all clean
all:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) -DVIREO_ARCH=native \
	  -DVIREO_BUILD_TESTS=OFF -DVIREO_BUILD_BENCH=OFF -DVIREO_NET=$(abspath $(EVALFILE)) -DVIREO_PGO=$(PGO)
	cmake --build $(BUILD_DIR) --parallel $(JOBS) --target vireo
	cp $(BUILD_DIR)/vireo $(EXE)

clean:
	rm -rf $(BUILD_DIR)
