// The real executable, started and past the UCI handshake, for the tests that drive it as a
// GUI would.
#pragma once

#include <catch2/catch.hpp>

#include "engine_process.h"

namespace vireo::test {

// With the book off: these tests are about the search and the protocol.
inline EngineProcess start_engine() {
  EngineProcess e(VIREO_ENGINE_PATH);
  e.send("uci");
  REQUIRE(e.wait_for("uciok", 5000));
  e.send("setoption name OwnBook value false");
  return e;
}

}  // namespace vireo::test
