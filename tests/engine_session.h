// The real executable, started and past the UCI handshake, for the tests that drive it as a
// GUI would.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "engine_process.h"

namespace vireo::test {

// With the book off: these tests are about the search and the protocol. A nonzero
// `address_space_kb` starts the engine under that `ulimit -v`, so that its allocations fail.
inline EngineProcess start_engine(long address_space_kb = 0) {
  EngineProcess e = address_space_kb == 0
                        ? EngineProcess(VIREO_ENGINE_PATH)
                        : EngineProcess("/bin/sh", {"-c", "ulimit -v " + std::to_string(address_space_kb) + " && exec \"$0\"",
                                                    VIREO_ENGINE_PATH});
  e.send("uci");
  REQUIRE(e.wait_for("uciok", 5000));
  e.send("setoption name OwnBook value false");
  return e;
}

}  // namespace vireo::test
