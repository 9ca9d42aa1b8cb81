// Runs the real executable through pipes, as a GUI would.
#include <catch2/catch.hpp>

#include <chrono>
#include <set>

#include "engine_session.h"
#include "vireo/board/movegen.h"

using namespace vireo;
using test::start_engine;
using Clock = std::chrono::steady_clock;

namespace {

long ms_since(Clock::time_point t) {
  return long(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count());
}

void require_legal_bestmove(const std::string& line, const Position& pos) {
  INFO(line);
  REQUIRE(line.rfind("bestmove ", 0) == 0);
  const std::string move = line.substr(9, line.find(' ', 9) - 9);
  CHECK_FALSE(parse_uci_move(pos, move).is_none());
}

// The bestmove that must follow within 100 ms of `since`, legal after `move` from the start.
std::string require_quick_bestmove(test::EngineProcess& e, Clock::time_point since, const char* move) {
  auto best = e.wait_for("bestmove", 1000);
  REQUIRE(best);
  CHECK(ms_since(since) < 100);
  Position pos;
  pos.make_move(parse_uci_move(pos, move));
  require_legal_bestmove(*best, pos);
  return *best;
}

}  // namespace

TEST_CASE("isready is answered at once during a search, and stop ends it quickly", "[protocol]") {
  auto e = start_engine();
  e.send("position startpos moves e2e4");
  e.send("go infinite");
  REQUIRE(e.wait_for("info depth 3", 2000));
  auto t = Clock::now();
  e.send("isready");
  REQUIRE(e.wait_for("readyok", 1000));
  CHECK(ms_since(t) < 100);
  t = Clock::now();
  e.send("stop");
  require_quick_bestmove(e, t, "e2e4");
}

TEST_CASE("a tiny clock is answered well inside it", "[protocol]") {
  auto e = start_engine();
  e.send("position startpos");
  auto t = Clock::now();
  e.send("go wtime 100 btime 100");
  auto best = e.wait_for("bestmove", 1000);
  REQUIRE(best);
  CHECK(ms_since(t) < 100);
  require_legal_bestmove(*best, Position());
}

TEST_CASE("bad input gets one error line and the engine stays responsive", "[protocol]") {
  auto e = start_engine();
  const char* bad[] = {
      "position fen 8/8/8/8 w - - 0 1",
      "position startpos moves e2e4 e2e4",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e7e5",
      "setoption name NoSuchOption value 3",
      "setoption name Hash value 0",
      "setoption name Hash value lots",
      "frobnicate",
      "\x01\x02\xff garbage",
  };
  e.send("position startpos moves d2d4");
  for (const char* line : bad) {
    INFO(line);
    e.send(line);
    e.send("isready");
    auto reply = e.read_line(2000);
    REQUIRE(reply);
    CHECK(reply->rfind("info string error: ", 0) == 0);
    CHECK(e.read_line(2000) == std::optional<std::string>("readyok"));
  }
  // The last good position (after d2d4) is still there.
  e.send("d");
  CHECK(e.wait_for("Fen: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", 2000));
}

TEST_CASE("a mated or stalemated root answers bestmove (none)", "[protocol]") {
  auto e = start_engine();
  e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  e.send("go depth 5");
  auto info = e.wait_for("info depth 0", 2000);
  REQUIRE(info);
  CHECK(info->find("score cp 0") != std::string::npos);
  CHECK(e.wait_for("bestmove", 2000) == std::optional<std::string>("bestmove (none)"));
  e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
  e.send("go depth 5");
  info = e.wait_for("info depth 0", 2000);
  REQUIRE(info);
  CHECK(info->find("score mate 0") != std::string::npos);
  CHECK(e.wait_for("bestmove", 2000) == std::optional<std::string>("bestmove (none)"));
}

TEST_CASE("ponder search waits for ponderhit, whenever it comes, then moves", "[protocol]") {
  auto e = start_engine();
  e.send("position startpos moves e2e4 e7e5");
  e.send("go ponder wtime 2000 btime 2000");
  CHECK_FALSE(e.wait_for("bestmove", 400));
  e.send("ponderhit");
  REQUIRE(e.wait_for("bestmove", 2000));
  // At once: the ponderhit may arrive before the search thread is even running.
  e.send("go ponder wtime 1000 btime 1000");
  e.send("ponderhit");
  REQUIRE(e.wait_for("bestmove", 3000));
  // Late: a shallow ponder search is done long before; it waits, then answers at ponderhit.
  e.send("go ponder depth 2");
  CHECK_FALSE(e.wait_for("bestmove", 300));
  e.send("ponderhit");
  REQUIRE(e.wait_for("bestmove", 1000));
}

TEST_CASE("quit during a search exits promptly", "[protocol]") {
  auto e = start_engine();
  e.send("go infinite");
  REQUIRE(e.wait_for("info depth 2", 2000));
  e.send("quit");
  auto status = e.wait_exit(1000);
  REQUIRE(status);
  CHECK(WIFEXITED(*status));
  CHECK(WEXITSTATUS(*status) == 0);
}

TEST_CASE("go perft prints per-move counts and the total", "[protocol]") {
  auto e = start_engine();
  e.send("position startpos");
  e.send("go perft 3");
  CHECK(e.wait_for("e2e4: 600", 2000));
  CHECK(e.wait_for("Nodes searched: 8902", 2000));
}

TEST_CASE("MultiPV reports that many distinct lines", "[protocol]") {
  auto e = start_engine();
  e.send("setoption name MultiPV value 3");
  e.send("position startpos");
  e.send("go depth 6");
  std::set<std::string> firsts;
  for (int k = 1; k <= 3; ++k) {
    auto line = e.wait_for("info depth 6 ", 5000);
    REQUIRE(line);
    CHECK(line->find("multipv " + std::to_string(k)) != std::string::npos);
    auto pv = line->find(" pv ");
    REQUIRE(pv != std::string::npos);
    firsts.insert(line->substr(pv + 4, 4));
  }
  CHECK(firsts.size() == 3);
  REQUIRE(e.wait_for("bestmove", 5000));
}

TEST_CASE("in the shipped book, go answers at once with a book move", "[protocol]") {
  test::EngineProcess e(VIREO_ENGINE_PATH);
  e.send("uci");
  REQUIRE(e.wait_for("uciok", 2000));
  e.send("book");
  auto count = e.wait_for("Book entries: ", 2000);
  REQUIRE(count);
  CHECK(std::stoi(count->substr(14)) >= 3);  // the start position has several book moves
  e.send("position startpos moves d2d4");
  const auto t = Clock::now();
  e.send("go wtime 300000 btime 300000");
  auto info = e.wait_for("info string book move ", 2000);
  REQUIRE(info);
  auto best = e.wait_for("bestmove", 1000);
  REQUIRE(best);
  // The book move's own short search costs milliseconds (more in a sanitizer build); a search of
  // the position on a 300 s clock would take seconds.
  CHECK(ms_since(t) < 1000);
  CHECK(info->find(best->substr(9, best->find(' ', 9) - 9)) != std::string::npos);
}

// fastchess's compliance check, step 18, at the default options (the shipped book on): a `go`
// with a clock in a book position must still show a scored info line before its bestmove.
TEST_CASE("at the default options a book move comes with a scored info line", "[protocol]") {
  auto e = test::start_default_engine();
  e.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  e.send("isready");
  REQUIRE(e.wait_for("readyok", 2000));
  e.send("go btime 100");
  auto info = e.wait_for("info depth ", 2000);
  REQUIRE(info);
  CHECK(info->find(" score ") != std::string::npos);
  CHECK(test::shows_before_bestmove(e, "info string book move ", 2000));
}

TEST_CASE("at the default options go depth, nodes and MultiPV search the start position", "[protocol]") {
  auto e = test::start_default_engine();
  e.send("position startpos");
  for (const char* go : {"go depth 6", "go nodes 20000"}) {
    INFO(go);
    e.send(go);
    CHECK_FALSE(test::shows_before_bestmove(e, "info string book move"));
  }
  e.send("setoption name MultiPV value 3");
  e.send("go wtime 10000 btime 10000");
  CHECK(test::shows_before_bestmove(e, " multipv 3 "));
}
