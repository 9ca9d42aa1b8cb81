#include <catch2/catch.hpp>

#include "vireo/eval/score.h"
#include "vireo/uci/command.h"

using namespace vireo;
using namespace vireo::uci;

namespace {

template <class T>
T as(const Command& c) {
  REQUIRE(std::holds_alternative<T>(c));
  return std::get<T>(c);
}

}  // namespace

TEST_CASE("go parameters parse into limits", "[command]") {
  const auto g = as<cmd::Go>(parse("go wtime 61000 btime 59000 winc 1000 binc 900 movestogo 20"));
  CHECK(g.limits.time[WHITE] == 61000);
  CHECK(g.limits.time[BLACK] == 59000);
  CHECK(g.limits.inc[WHITE] == 1000);
  CHECK(g.limits.inc[BLACK] == 900);
  CHECK(g.limits.movestogo == 20);
  CHECK(as<cmd::Go>(parse("go movetime 500")).limits.movetime == 500);
  CHECK(as<cmd::Go>(parse("go depth 7")).limits.depth == 7);
  CHECK(as<cmd::Go>(parse("go nodes 12345")).limits.nodes == 12345);
  CHECK(as<cmd::Go>(parse("go mate 3")).limits.mate == 3);
  CHECK(as<cmd::Go>(parse("go infinite")).limits.infinite);
  CHECK(as<cmd::Go>(parse("go ponder wtime 10 btime 10")).limits.ponder);
  CHECK(as<cmd::Go>(parse("go perft 4")).perft_depth == 4);
  const auto sm = as<cmd::Go>(parse("go searchmoves e2e4 d2d4 depth 3"));
  CHECK(sm.searchmoves == std::vector<std::string>{"e2e4", "d2d4"});
  CHECK(sm.limits.depth == 3);
}

TEST_CASE("go tolerates negative and huge clocks", "[command]") {
  CHECK(as<cmd::Go>(parse("go wtime -50 btime 100")).limits.time[WHITE] == 0);
  CHECK(as<cmd::Go>(parse("go wtime 99999999999999999999999 btime 1")).limits.time[WHITE] > 1'000'000'000LL);
  CHECK(as<cmd::Go>(parse("go depth 100000")).limits.depth == MAX_PLY - 1);
}

TEST_CASE("malformed commands are parse errors", "[command]") {
  for (const char* bad : {"go perft 0", "go perft", "go perft x", "position", "position fenx", "position startpos e2e4",
                          "setoption", "setoption value 3", "xyzzy"}) {
    INFO(bad);
    CHECK(std::holds_alternative<ParseError>(parse(bad)));
  }
  CHECK(std::holds_alternative<cmd::Empty>(parse("   \t\r")));
}

TEST_CASE("go drops an unknown parameter and reads a bad value as the smallest, one warning each", "[command]") {
  const auto unknown = as<cmd::Go>(parse("go depth 3 frobnicate"));
  CHECK(unknown.limits.depth == 3);
  REQUIRE(unknown.warnings.size() == 1);
  CHECK(unknown.warnings[0].find("'frobnicate'") != std::string::npos);
  const auto clock = as<cmd::Go>(parse("go wtime abc btime 1000"));
  CHECK(clock.limits.time[WHITE] == 0);
  CHECK(clock.limits.time[BLACK] == 1000);
  CHECK(clock.warnings.size() == 1);
  for (const char* bad : {"go depth -1", "go depth 3.5", "go depth", "go depth 0", "go depth nodes 500"}) {
    INFO(bad);
    const auto g = as<cmd::Go>(parse(bad));
    CHECK(g.limits.depth == 1);
    CHECK(g.warnings.size() == 1);
  }
  CHECK(as<cmd::Go>(parse("go nodes -5")).limits.nodes == 1);
  CHECK(as<cmd::Go>(parse("go movetime soon")).limits.movetime == 1);
  const auto togo = as<cmd::Go>(parse("go movestogo x wtime 5 btime 5"));
  CHECK(togo.limits.movestogo == 0);
  CHECK(togo.limits.time[WHITE] == 5);
  CHECK(togo.warnings.size() == 1);
  CHECK(as<cmd::Go>(parse("go wtime 100 btime 100 winc 10 binc 10 movestogo 5")).warnings.empty());
}

TEST_CASE("position and setoption parse their parts", "[command]") {
  const auto p = as<cmd::SetPosition>(parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1b1 h1g1"));
  CHECK(p.fen == std::optional<std::string>("8/8/8/8/8/8/8/K6k w - - 0 1"));
  CHECK(p.moves == std::vector<std::string>{"a1b1", "h1g1"});
  CHECK_FALSE(as<cmd::SetPosition>(parse("position startpos\r")).fen);
  const auto o = as<cmd::SetOption>(parse("setoption name Move Overhead value 100"));
  CHECK(o.name == "Move Overhead");
  CHECK(o.value == "100");
  CHECK(as<cmd::SetOption>(parse("setoption name Clear Hash")).value.empty());
}
