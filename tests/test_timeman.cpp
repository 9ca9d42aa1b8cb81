#include <catch2/catch.hpp>

#include "test_util.h"
#include "vireo/search/timeman.h"

using namespace vireo;

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

TEST_CASE("on a simulated clock the time manager never runs out of time", "[timeman]") {
  // With an increment or a moves-to-go control, every move may take the worst the manager
  // allows, its hard limit, plus 5 ms the GUI counts on top (less than the 30 ms Move Overhead
  // kept back). In sudden death no manager survives that for ever (each move costs the lag at
  // least), so there every move takes the soft limit, as a search whose best move holds does.
  struct Control {
    const char* name;
    TimePoint base, inc;
    int moves_to_go, moves;
    bool worst_case;
  };
  const Control controls[] = {
      {"1+0.01", 1000, 10, 0, 200, true},          {"8+0.08", 8000, 80, 0, 200, true},
      {"10+0.1", 10000, 100, 0, 200, true},        {"40 moves in 120 s", 120000, 0, 40, 200, true},
      {"10 moves in 2 s", 2000, 0, 10, 200, true}, {"0.5+0.01", 500, 10, 0, 200, true},
      {"60+0", 60000, 0, 0, 150, false},           {"5+0", 5000, 0, 0, 100, false},
  };
  for (const Control& c : controls) {
    TimePoint clock = c.base;
    for (int move = 0; move < c.moves; ++move) {
      Limits l;
      l.time[WHITE] = l.time[BLACK] = clock;
      l.inc[WHITE] = l.inc[BLACK] = c.inc;
      if (c.moves_to_go) l.movestogo = c.moves_to_go - move % c.moves_to_go;
      const TimeManager tm(l, WHITE, 30);
      INFO(c.name << ", move " << move + 1 << ", clock " << clock << " ms, soft " << tm.soft_limit() << ", hard "
                  << tm.hard_limit());
      REQUIRE(tm.soft_limit() <= tm.hard_limit());
      const TimePoint used = (c.worst_case ? tm.hard_limit() : tm.soft_limit()) + 5;
      REQUIRE(used < clock);
      clock += c.inc - used;
      if (c.moves_to_go && (move + 1) % c.moves_to_go == 0) clock += c.base;
    }
  }
}
