#include <catch2/catch.hpp>

#include "test_util.h"

#include "vireo/board/movegen.h"
#include "vireo/engine/engine.h"
#include "vireo/tools/bench.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

struct Run {
  SearchResult result;
  std::vector<SearchInfo> infos;
};

Run search(Engine& engine, const Position& pos, Limits limits, const SearchSettings& settings = {}) {
  Run run;
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  SearchListeners l;
  l.on_info = [&](const SearchInfo& i) { run.infos.push_back(i); };
  engine.set_listeners(l, [&](const SearchResult& r) {
    std::lock_guard lock(m);
    run.result = r;
    done = true;
    cv.notify_all();
  });
  engine.set_position(pos);
  engine.go(limits, settings);
  std::unique_lock lock(m);
  cv.wait(lock, [&] { return done; });
  return run;
}

Run search(const Position& pos, Limits limits, int multipv = 1) {
  Engine engine;
  SearchSettings settings;
  settings.multipv = multipv;
  return search(engine, pos, limits, settings);
}

}  // namespace

TEST_CASE("mate puzzles are solved with the right distance and a mating PV", "[search]") {
  struct Puzzle {
    const char* fen;
    int mate_in;
    const char* best;  // the only mating move, where there is one
  };
  const Puzzle puzzles[] = {
      {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},
      {"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1", 1, "b1b7"},
      {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
      // The mates in 2 (1. Rg1 or Rg2, then a rook to the h-file) need a quiet check late in
      // the ordering to escape late-move pruning, and the defender's reverse futility pruning
      // must not claim safety from a mate bound.
      {"7k/8/8/8/8/8/1R6/KR6 w - - 0 1", 2, nullptr},
  };
  for (const auto& p : puzzles) {
    INFO(p.fen);
    Position pos = from_fen(p.fen);
    Run run = search(pos, test::depth_limit(8));  // deep enough that reductions cannot hide these mates
    CHECK(run.result.score == mate_in(2 * p.mate_in - 1));
    if (p.best) CHECK(run.result.best.to_uci() == p.best);
    const SearchInfo& last = run.infos.back();
    REQUIRE(int(last.pv.size()) == SCORE_MATE - run.result.score);  // the PV is the whole mate
    for (Move m : last.pv) pos.make_move(m);
    CHECK(pos.in_check());
    CHECK(legal_moves(pos).empty());
  }
}

TEST_CASE("MultiPV lines come best first, and the best line's move is played", "[search]") {
  for (const char* fen :
       {"7k/8/8/8/8/8/1R6/KR6 w - - 0 1", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}) {
    INFO(fen);
    const Run run = search(from_fen(fen), test::depth_limit(7), 3);
    REQUIRE(run.infos.size() == 21);
    for (std::size_t i = 0; i < run.infos.size(); ++i) {
      const SearchInfo& info = run.infos[i];
      CHECK(info.depth == int(i / 3) + 1);
      CHECK(info.multipv == int(i % 3) + 1);
      if (i % 3) CHECK(info.score <= run.infos[i - 1].score);
      if (i) CHECK(info.nodes >= run.infos[i - 1].nodes);  // the search's running total
    }
    const SearchInfo& top = run.infos[18];
    CHECK(run.result.best == top.pv.front());
    CHECK(run.result.score == top.score);
  }
}

TEST_CASE("go mate stops once a mate that short is found", "[search]") {
  Limits l;
  l.mate = 2;
  Run run = search(from_fen("7k/8/8/8/8/8/1R6/KR6 w - - 0 1"), l);
  CHECK(run.result.score == mate_in(3));
  CHECK(run.result.depth < 20);
}

TEST_CASE("the fifty-move rule is a draw in the search", "[search]") {
  // White is a rook up but every move reaches the hundredth half-move without mate.
  Run run = search(from_fen("4k3/8/8/8/8/8/R7/4K3 w - - 99 80"), test::depth_limit(6));
  CHECK(run.result.score == 0);
}

TEST_CASE("checkmate on the hundredth half-move still wins", "[search]") {
  Run run = search(from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80"), test::depth_limit(4));
  CHECK(run.result.score == mate_in(1));
}

TEST_CASE("improving compares with two plies up, or four where two was in check", "[search]") {
  CHECK(Searcher::improving(30, 10, SCORE_NONE));
  CHECK_FALSE(Searcher::improving(10, 30, -50));    // two plies up decides where it is known
  CHECK_FALSE(Searcher::improving(10, 10, -50));    // level is not rising
  CHECK(Searcher::improving(10, SCORE_NONE, -50));  // two up in check: four up stands in
  CHECK_FALSE(Searcher::improving(-60, SCORE_NONE, -50));
  CHECK(Searcher::improving(-500, SCORE_NONE, SCORE_NONE));  // nothing known: no harder pruning
  CHECK_FALSE(Searcher::improving(SCORE_NONE, 10, -50));     // in check now: no eval to compare
}

TEST_CASE("a node-limited search is reproducible", "[search]") {
  Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  Limits l;
  l.nodes = 20000;
  Run a = search(pos, l), b = search(pos, l);
  CHECK(a.result.best == b.result.best);
  CHECK(a.result.nodes == b.result.nodes);
  CHECK(a.result.nodes <= 20000);
}

TEST_CASE("bench gives the same node count every run", "[search]") {
  auto quiet = [](const std::string&) {};
  BenchReport a = run_bench(5, nnue::embedded_network(), quiet), b = run_bench(5, nnue::embedded_network(), quiet);
  CHECK(a.nodes > 0);
  CHECK(a.nodes == b.nodes);
}

TEST_CASE("every bench position is a valid FEN", "[search]") {
  CHECK(bench_positions().size() >= 40);
  for (auto fen : bench_positions()) {
    Position pos;
    INFO(fen);
    CHECK_FALSE(pos.set_fen(fen).has_value());
  }
}

TEST_CASE("a stalemate's report has no seldepth left from the search before", "[search]") {
  Engine engine;
  const Run deep = search(engine, Position(), test::depth_limit(6));
  REQUIRE(deep.infos.back().seldepth > 6);
  const Run stalemate = search(engine, from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), test::depth_limit(5));
  REQUIRE(stalemate.infos.size() == 1);
  CHECK(stalemate.infos[0].depth == 0);
  CHECK(stalemate.infos[0].seldepth == 0);
  CHECK_FALSE(stalemate.result.best);
}
