// The robustness contract, checked on the real executable: whatever a GUI, a tournament
// manager or a careless user sends, the engine answers with at most one error line per
// command, keeps its last good state, stays responsive and never plays an illegal move.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine_session.h"
#include "vireo/board/movegen.h"

using namespace vireo;
using test::start_engine;

namespace {

// Sends `line`, then isready; returns the error lines that came before readyok.
int errors_for(test::EngineProcess& e, const std::string& line) {
  e.send(line);
  e.send("isready");
  int errors = 0;
  while (auto reply = e.read_line(5000)) {
    if (*reply == "readyok") return errors;
    if (reply->rfind("info string error: ", 0) == 0) ++errors;
  }
  FAIL("no readyok after: " << line);
  return -1;
}

std::string current_fen(test::EngineProcess& e) {
  e.send("d");
  auto line = e.wait_for("Fen: ", 5000);
  REQUIRE(line);
  return line->substr(5);
}

void require_legal(const std::string& bestmove_line, const Position& pos) {
  INFO(bestmove_line);
  REQUIRE(bestmove_line.rfind("bestmove ", 0) == 0);
  const std::string move = bestmove_line.substr(9, bestmove_line.find(' ', 9) - 9);
  CHECK(parse_uci_move(pos, move));
}

long rss_kb(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

}  // namespace

TEST_CASE("malformed input of every kind: one error line, last good state kept", "[protocol]") {
  auto e = start_engine();
  e.send("position startpos moves e2e4 c7c5");
  const std::string good = current_fen(e);
  const std::vector<std::string> bad = {
      // FEN fields
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
      "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
      "position fen",
      // impossible positions
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
      "position fen 4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
      "position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
      "position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
      "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
      // illegal or garbled moves
      "position startpos moves e2e5",
      "position startpos moves e2e4 e2e4",
      "position startpos moves e7e5",
      "position startpos moves e2e9",
      "position startpos moves xyzzy",
      "position startpos moves e1g1",
      "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1q",
      "position startpos banana",
      // huge numbers and unknowns
      "go movetime -3",
      "go depth",
      "go wtime soon",
      "go nodes -5",
      "go movestogo -1",
      "setoption name Hash value 99999999999999999999",
      "setoption name MultiPV value 999",
      "setoption name MultiPV value -1",
      "setoption name Move Overhead value 1e9",
      "setoption name Ponder value maybe",
      "setoption name NoSuchOption value 1",
      "setoption value 3",
      "frobnicate",
      "\x01\x02\x7f\xff\xfe garbage",
      std::string(5000, 'x'),
  };
  for (const std::string& line : bad) {
    INFO(line.substr(0, 120));
    CHECK(errors_for(e, line) == 1);
    CHECK(current_fen(e) == good);
  }
}

TEST_CASE("CRLF, tabs, runs of spaces and empty lines are plain whitespace", "[protocol]") {
  auto e = start_engine();
  for (const char* line : {"", "   ", "\t", "\r", "isready\r", "position\tstartpos\tmoves\te2e4\r",
                           "  position   startpos  moves   e2e4  "}) {
    INFO(line);
    CHECK(errors_for(e, line) == 0);
  }
  CHECK(current_fen(e) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  e.send("go depth 3\r");
  REQUIRE(e.wait_for("bestmove", 5000));
}

TEST_CASE("negative and absurd clocks still give a legal move at once", "[protocol]") {
  auto e = start_engine();
  for (const char* go : {"go wtime -100 btime -100", "go wtime 0 btime 0", "go wtime 1 btime 1 winc -50 binc -50",
                         "go wtime 99999999999 btime 99999999999 movestogo 1 movetime 300"}) {
    INFO(go);
    e.send("position startpos");
    e.send(go);
    auto best = e.wait_for("bestmove", 5000);
    REQUIRE(best);
    require_legal(*best, Position());
  }
}

TEST_CASE("a 1000-ply position line is taken and searched", "[protocol]") {
  auto e = start_engine();
  std::string line = "position startpos moves";
  for (int i = 0; i < 250; ++i) line += " g1f3 g8f6 f3g1 f6g8";
  CHECK(errors_for(e, line) == 0);
  CHECK(current_fen(e) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000 501");
  e.send("go depth 8");
  auto best = e.wait_for("bestmove", 10000);
  REQUIRE(best);
  require_legal(*best, Position());
}

TEST_CASE("commands arriving at any moment of a search", "[protocol]") {
  auto e = start_engine();
  std::mt19937 rng(12345);
  const std::vector<std::string> interrupts = {
      "stop",   "position startpos moves d2d4", "setoption name Hash value 8", "ucinewgame", "go depth 4", "ponderhit",
      "isready"};
  for (int round = 0; round < 40; ++round) {
    const std::string& cmd = interrupts[round % interrupts.size()];
    INFO(round << ": " << cmd);
    e.send("position startpos moves e2e4");
    e.send(round % 2 ? "go infinite" : "go wtime 3000 btime 3000");
    std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 30));
    e.send(cmd);
    e.send("stop");
    // Every go gets exactly one bestmove, all legal where they were asked.
    Position after_e4;
    after_e4.make_move(parse_uci_move(after_e4, "e2e4"));
    auto best = e.wait_for("bestmove", 5000);
    REQUIRE(best);
    require_legal(*best, after_e4);
    if (cmd.rfind("go", 0) == 0) {
      auto second = e.wait_for("bestmove", 5000);
      REQUIRE(second);
      require_legal(*second, after_e4);
    }
    e.send("isready");
    auto ready = e.wait_for("readyok", 5000);
    REQUIRE(ready);
  }
  // quit at any moment: see "quit during a search exits promptly" in test_protocol.cpp.
}

TEST_CASE("the largest Hash is refused cleanly when memory is short", "[protocol]") {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  const bool fits = double(pages) * double(page) >= 65536.0 * 1024 * 1024;
  auto e = start_engine();
  e.send("setoption name Hash value 65536");
  e.send("isready");
  auto reply = e.read_line(60000);
  REQUIRE(reply);
  if (!fits) {
    CHECK(reply->find("info string error: cannot allocate 65536 MB") == 0);
    CHECK(e.wait_for("readyok", 5000));
  }
  e.send("position startpos");
  e.send("go depth 6");
  REQUIRE(e.wait_for("bestmove", 10000));
}

TEST_CASE("search threads that cannot be allocated are refused, and the engine keeps searching", "[protocol]") {
#ifdef VIREO_SANITIZED
  // ASan and TSan reserve terabytes of shadow memory: they cannot start under an address limit.
  return;
#endif
  // 800 MB hold the engine and a few dozen searchers and thread stacks, not 1,024 of them.
  auto e = start_engine(800000);
  CHECK(errors_for(e, "setoption name Threads value 4") == 0);
  e.send("setoption name Threads value 1024");
  e.send("isready");
  auto reply = e.read_line(60000);
  REQUIRE(reply);
  CHECK(reply->rfind("info string error: cannot start 1024 search threads, keeping 4", 0) == 0);
  CHECK(e.wait_for("readyok", 5000));
  e.send("position startpos");
  e.send("go depth 1");
  auto best = e.wait_for("bestmove", 10000);
  REQUIRE(best);
  require_legal(*best, Position());
}

TEST_CASE("a long session does not grow without bound", "[protocol]") {
  auto e = start_engine();
  auto cycle = [&](int games) {
    for (int g = 0; g < games; ++g) {
      e.send("ucinewgame");
      std::string moves = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6";
      e.send(moves);
      e.send("go nodes 3000");
      REQUIRE(e.wait_for("bestmove", 10000));
      e.send("book");
      e.send("eval");
      e.send("setoption name Hash value " + std::to_string(g % 2 ? 8 : 16));
    }
    e.send("isready");
    REQUIRE(e.wait_for("readyok", 10000));
  };
#ifdef VIREO_SANITIZED
  // ASan and TSan keep freed blocks in quarantine, so RSS says nothing there; LeakSanitizer
  // checks for leaks in that build instead, and a few cycles give the sanitizers every path
  // (200 took two and a half minutes under TSan).
  cycle(20);
  const long after = rss_kb(e.pid());
  CHECK(after > 0);
#else
  cycle(20);
  const long before = rss_kb(e.pid());
  cycle(200);
  const long after = rss_kb(e.pid());
  INFO("RSS " << before << " kB -> " << after << " kB");
  CHECK(after - before < 4096);
#endif
}
