#include <catch2/catch.hpp>

#include "test_util.h"

#include "vireo/bench.h"
#include "vireo/engine.h"
#include "vireo/movegen.h"
#include "vireo/see.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

Move move(const Position& pos, const char* text) {
  Move m = parse_uci_move(pos, text);
  REQUIRE_FALSE(m.is_none());
  return m;
}

struct Run {
  SearchResult result;
  std::vector<SearchInfo> infos;
};

Run search(const Position& pos, Limits limits, int multipv = 1) {
  Engine engine;
  engine.set_multipv(multipv);
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
  engine.go(limits);
  std::unique_lock lock(m);
  cv.wait(lock, [&] { return done; });
  return run;
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
  for (const char* fen : {"7k/8/8/8/8/8/1R6/KR6 w - - 0 1", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
                          "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}) {
    INFO(fen);
    const Run run = search(from_fen(fen), test::depth_limit(7), 3);
    REQUIRE(run.infos.size() == 21);
    for (std::size_t i = 0; i < run.infos.size(); ++i) {
      const SearchInfo& info = run.infos[i];
      CHECK(info.depth == int(i / 3) + 1);
      CHECK(info.multipv == int(i % 3) + 1);
      if (i % 3) CHECK(info.score <= run.infos[i - 1].score);
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

TEST_CASE("static exchange evaluation on known exchanges", "[see]") {
  Position free_knight = from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
  Move m = move(free_knight, "e4d5");
  CHECK(see_ge(free_knight, m, SEE_VALUE[KNIGHT]));
  CHECK_FALSE(see_ge(free_knight, m, SEE_VALUE[KNIGHT] + 1));

  Position defended_pawn = from_fen("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1");
  m = move(defended_pawn, "d1d5");
  CHECK(see_ge(defended_pawn, m, SEE_VALUE[PAWN] - SEE_VALUE[ROOK]));
  CHECK_FALSE(see_ge(defended_pawn, m, SEE_VALUE[PAWN] - SEE_VALUE[ROOK] + 1));
  CHECK_FALSE(see_ge(defended_pawn, m, 0));

  // Doubled rooks win the pawn through the x-ray: +P -R +R.
  Position xray = from_fen("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
  m = move(xray, "d2d5");
  CHECK(see_ge(xray, m, SEE_VALUE[PAWN]));
  CHECK_FALSE(see_ge(xray, m, SEE_VALUE[PAWN] + 1));

  Position quiet = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK(see_ge(quiet, move(quiet, "a1a5"), 0));
  Position hanging = from_fen("4k3/8/1p6/8/8/8/8/R3K3 w - - 0 1");
  CHECK_FALSE(see_ge(hanging, move(hanging, "a1a5"), 0));
}

TEST_CASE("TT stores and returns entries, mate scores relative to the node", "[tt]") {
  TranspositionTable tt;
  const Key key = 0x123456789ABCDEF0ULL;
  TTData d;
  CHECK_FALSE(tt.probe(key, 0, d));
  // Found at ply 5: mate in 3 plies from the root means mate 2 plies after this node.
  tt.store(key, 5, Move(E2, E4), mate_in(7), 12, 9, BOUND_EXACT, true);
  REQUIRE(tt.probe(key, 3, d));
  CHECK(d.score == mate_in(5));  // seen from a node at ply 3, still mate 2 plies later
  CHECK(d.move == Move(E2, E4));
  CHECK(d.depth == 9);
  CHECK(d.bound == BOUND_EXACT);
  CHECK(d.eval == 12);
  tt.store(key, 2, Move::none(), mated_in(6), 0, 10, BOUND_UPPER, false);
  REQUIRE(tt.probe(key, 4, d));
  CHECK(d.score == mated_in(8));
  CHECK(d.move == Move(E2, E4));  // a store without a move keeps the old one
  tt.store(key, 0, Move(D2, D4), 50, 0, 3, BOUND_LOWER, false);
  REQUIRE(tt.probe(key, 0, d));
  CHECK(d.depth == 10);  // a much shallower, non-exact result does not replace a deep one
  tt.clear();
  CHECK_FALSE(tt.probe(key, 0, d));
}

TEST_CASE("TT resize refuses impossible sizes and keeps its table", "[tt]") {
  TranspositionTable tt;
  CHECK(tt.resize(2));
  CHECK(tt.size_mb() == 2);
  CHECK_FALSE(tt.resize(0));
  CHECK_FALSE(tt.resize(TranspositionTable::MAX_MB + 1));
  CHECK(tt.size_mb() == 2);
  tt.store(42, 0, Move(A2, A3), 10, 10, 5, BOUND_EXACT, false);
  TTData d;
  CHECK(tt.probe(42, 0, d));
  CHECK(tt.hashfull() >= 0);
}

TEST_CASE("time allocation for each clock format", "[timeman]") {
  Limits movetime;
  movetime.movetime = 1000;
  TimeManager mt(movetime, WHITE, 30);
  CHECK(mt.timed());
  CHECK(mt.soft_limit() == 970);
  CHECK(mt.hard_limit() == 970);

  Limits tiny;
  tiny.time[WHITE] = tiny.time[BLACK] = 100;
  TimeManager t(tiny, WHITE, 30);
  CHECK(t.hard_limit() <= 35);
  CHECK(t.soft_limit() >= 1);

  Limits sudden;
  sudden.time[BLACK] = 60000;
  sudden.inc[BLACK] = 1000;
  TimeManager s(sudden, BLACK, 30);
  CHECK(s.soft_limit() > 1500);
  CHECK(s.soft_limit() < 4000);
  CHECK(s.hard_limit() <= 60000 / 2);
  CHECK(s.hard_limit() >= s.soft_limit());

  Limits last_move;
  last_move.time[WHITE] = 10000;
  last_move.movestogo = 1;
  TimeManager lm(last_move, WHITE, 30);
  CHECK(lm.hard_limit() <= 10000 - 30);
  CHECK(lm.soft_limit() > 4000);

  Limits infinite;
  infinite.infinite = true;
  CHECK_FALSE(TimeManager(infinite, WHITE, 30).timed());
  CHECK_FALSE(TimeManager(test::depth_limit(5), WHITE, 30).timed());
}

TEST_CASE("the soft limit follows how settled the best move is, never past the hard limit", "[timeman]") {
  Limits clock;
  clock.time[WHITE] = clock.time[BLACK] = 60000;
  TimeManager settled(clock, WHITE, 0), unsettled(clock, WHITE, 0);
  settled.update({10, 0.0, 0.95, -5});
  unsettled.update({0, 2.0, 0.30, 40});
  CHECK(settled.scaled_soft_limit() < settled.soft_limit());
  CHECK(unsettled.scaled_soft_limit() > unsettled.soft_limit());
  CHECK(unsettled.scaled_soft_limit() <= unsettled.hard_limit());
  TimeManager extreme(clock, WHITE, 0);
  extreme.update({0, 100.0, 0.0, 10000});
  CHECK(extreme.scaled_soft_limit() == extreme.hard_limit());
}
