// The real executable, started and past the UCI handshake, for the tests that drive it as a
// GUI would.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "engine_process.h"

namespace vireo::test {

// At the default options, as a GUI meets it. A nonzero `address_space_kb` starts the engine
// under that `ulimit -v`, so that its allocations fail.
inline EngineProcess start_default_engine(long address_space_kb = 0) {
  EngineProcess e =
      address_space_kb == 0
          ? EngineProcess(VIREO_ENGINE_PATH)
          : EngineProcess("/bin/sh", {"-c", "ulimit -v " + std::to_string(address_space_kb) + " && exec \"$0\"",
                                      VIREO_ENGINE_PATH});
  e.send("uci");
  REQUIRE(e.wait_for("uciok", 5000));
  return e;
}

// With the book off: these tests are about the search and the protocol.
inline EngineProcess start_engine(long address_space_kb = 0) {
  EngineProcess e = start_default_engine(address_space_kb);
  e.send("setoption name OwnBook value false");
  return e;
}

// Whether a line before the next bestmove (within `ms` of each other) contains `text`.
inline bool shows_before_bestmove(EngineProcess& e, const std::string& text, int ms = 5000) {
  bool seen = false;
  while (auto line = e.read_line(ms)) {
    if (line->rfind("bestmove ", 0) == 0) return seen;
    seen = seen || line->find(text) != std::string::npos;
  }
  FAIL("no bestmove");
  return false;
}

}  // namespace vireo::test
