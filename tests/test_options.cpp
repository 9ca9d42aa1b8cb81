#include <catch2/catch.hpp>

#include "vireo/engine/options.h"
#include "vireo/search/search_settings.h"

using namespace vireo;

TEST_CASE("the option registry validates names, types and bounds", "[options]") {
  OptionRegistry r;
  int applied = 0;
  r.add_spin("Hash", 16, 1, 1024, [&](const std::string& v) -> std::optional<std::string> {
    applied = std::stoi(v);
    return std::nullopt;
  });
  r.add_check("Ponder", false);
  r.add_combo("Style", "Normal", {"Solid", "Normal", "Risky"});
  CHECK_FALSE(r.set("hash", "64"));  // names are case-insensitive
  CHECK(applied == 64);
  CHECK(r.spin("HASH") == 64);
  CHECK(r.set("Hash", "0"));
  CHECK(r.set("Hash", "2048"));
  CHECK(r.set("Hash", "12abc"));
  CHECK(r.spin("Hash") == 64);
  CHECK_FALSE(r.set("ponder", "TRUE"));
  CHECK(r.check("Ponder"));
  CHECK(r.set("Ponder", "yes"));
  CHECK_FALSE(r.set("style", "risky"));
  CHECK(r.string("Style") == "Risky");
  CHECK(r.set("Style", "Wild"));
  CHECK(r.set("Nope", "1"));
  auto lines = r.uci_lines();
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "option name Hash type spin default 16 min 1 max 1024");
  CHECK(lines[1] == "option name Ponder type check default false");
  CHECK(lines[2] == "option name Style type combo default Normal var Solid var Normal var Risky");
}

TEST_CASE("a bound option's default is its field's, and each change is stored there", "[options]") {
  SearchSettings settings;
  settings.multipv = 2;
  OptionRegistry r;
  r.bind_spin("MultiPV", settings.multipv, 1, 256);
  r.bind_check("SearchStats", settings.stats);
  const auto lines = r.uci_lines();
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "option name MultiPV type spin default 2 min 1 max 256");
  CHECK(lines[1] == "option name SearchStats type check default false");
  CHECK_FALSE(r.set("multipv", "5"));
  CHECK_FALSE(r.set("SearchStats", "TRUE"));
  CHECK(settings.multipv == 5);
  CHECK(settings.stats);
  // A refused value leaves the field as it was.
  CHECK(r.set("MultiPV", "0"));
  CHECK(r.set("SearchStats", "maybe"));
  CHECK(settings.multipv == 5);
  CHECK(settings.stats);
}
