#include <catch2/catch.hpp>

#include "test_util.h"

#include "vireo/eval/score.h"
#include "vireo/eval/wdl.h"

using namespace vireo;
using vireo::test::from_fen;

TEST_CASE("the material the WDL model counts", "[wdl]") {
  CHECK(wdl_material(Position()) == 78);
  CHECK(wdl_material(from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")) == 1);
  CHECK(wdl_material(from_fen("4k3/8/8/8/8/8/8/RN2KB1Q w - - 0 1")) == 20);
}

TEST_CASE("win, draw and loss chances are consistent", "[wdl]") {
  for (int material : {78, 50, 30, 10, 0}) {
    INFO("material " << material);
    int last_win = -1;
    for (int score = -2000; score <= 2000; score += 50) {
      const WinDrawLoss w = win_draw_loss(score, material);
      CHECK(w.win + w.draw + w.loss == 1000);
      CHECK(w.win >= 0);
      CHECK(w.draw >= 0);
      CHECK(w.loss >= 0);
      CHECK(w.win >= last_win);  // a better score never wins less often
      last_win = w.win;
      const WinDrawLoss mirrored = win_draw_loss(-score, material);
      CHECK(mirrored.win == w.loss);
      CHECK(mirrored.loss == w.win);
    }
    CHECK(win_draw_loss(2000, material).win > 900);
    CHECK(win_draw_loss(0, material).draw > win_draw_loss(0, material).win);
  }
  CHECK(win_draw_loss(mate_in(5), 78).win == 1000);
  CHECK(win_draw_loss(mated_in(4), 78).loss == 1000);
  CHECK(win_draw_loss(tb_win_in(10), 10).win == 1000);
}
