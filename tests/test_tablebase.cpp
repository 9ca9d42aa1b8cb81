#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "test_util.h"

#include "vireo/board/movegen.h"
#include "vireo/engine/engine.h"
#include "vireo/search/tablebase.h"

using namespace vireo;
using vireo::test::from_fen;
namespace tb = vireo::tablebase;
using tb::Wdl;

namespace {

// KQvKR, KRvKB, KPvK and the 3-piece tables they resolve into, from the Syzygy set.
const std::string TABLES = std::string(VIREO_TEST_DATA_DIR) + "/syzygy";

// The tables are process-wide: each test loads them and unloads them when it ends.
struct Tables {
  tb::LoadReport report;
  Tables() { REQUIRE_FALSE(tb::load(TABLES, &report).has_value()); }
  ~Tables() { tb::load(""); }
};

Move move(const Position& pos, const char* text) {
  const Move m = parse_uci_move(pos, text);
  REQUIRE_FALSE(m.is_none());
  return m;
}

Limits nodes(std::uint64_t n) {
  Limits l;
  l.nodes = n;
  return l;
}

bool checkmated(const Position& pos) { return pos.in_check() && legal_moves(pos).empty(); }

}  // namespace

TEST_CASE("tables load from a path list, a bad path is refused and the tables stay", "[tablebase]") {
  {
    Tables t;
    CHECK(t.report.wdl_files == 7);
    CHECK(t.report.dtz_files == 7);
    CHECK(t.report.max_pieces == 4);
    CHECK(tb::load("/nonexistent/syzygy").has_value());
    CHECK(tb::load(TABLES + ":/nonexistent/syzygy").has_value());
    CHECK(tb::load(VIREO_TEST_DATA_DIR).has_value());  // a folder without tables
    CHECK(tb::max_pieces() == 4);
    tb::LoadReport twice;
    REQUIRE_FALSE(tb::load(TABLES + "::" + TABLES, &twice).has_value());
    CHECK(twice.wdl_files == 7);  // the same folder once, as Fathom loads each table once
    CHECK(twice.max_pieces == 4);
  }
  CHECK(tb::max_pieces() == 0);
  CHECK_FALSE(tb::probe_wdl(from_fen("8/8/2k5/8/5r2/8/1Q6/6K1 w - - 0 1")).has_value());
}

TEST_CASE("SyzygyPath counts what Fathom loads, and refuses a list that loads nothing", "[tablebase]") {
  namespace fs = std::filesystem;
  Tables t;
  const fs::path garbage = test::temp_path("tb-garbage");
  fs::create_directories(garbage);
  std::ofstream(garbage / "KQvK.rtbw") << "garbage";  // 7 bytes: Fathom skips it
  auto err = tb::load(garbage.string());
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("no usable Syzygy tables"));
  // A table's size, but not its magic number: Fathom would fail at the first probe.
  std::ofstream(garbage / "KQvK.rtbw", std::ios::trunc) << std::string(80, 'x');
  CHECK(tb::load(garbage.string()).has_value());
  CHECK(tb::max_pieces() == 4);  // refused: the tables loaded before stay

  // A whole table beside it counts; the file without the magic number does not.
  fs::copy_file(TABLES + "/KPvK.rtbw", garbage / "KPvK.rtbw", fs::copy_options::overwrite_existing);
  tb::LoadReport mixed;
  REQUIRE_FALSE(tb::load(garbage.string(), &mixed));
  CHECK(mixed.wdl_files == 1);
  CHECK(mixed.dtz_files == 0);
  CHECK(mixed.max_pieces == 3);

  std::string many;
  for (int i = 0; i < 2000; ++i) many += TABLES + ":";
  tb::LoadReport once;
  const auto start = std::chrono::steady_clock::now();
  REQUIRE_FALSE(tb::load(many, &once));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  CHECK(once.wdl_files == 7);
  CHECK(once.dtz_files == 7);

  err = tb::load(std::string(10000, ':'));
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("names no folder"));
  CHECK(err->size() < 200);
  CHECK(tb::max_pieces() == 4);
}

TEST_CASE("known tablebase results", "[tablebase]") {
  Tables t;
  struct Case {
    const char* fen;
    Wdl wdl;
  };
  const Case cases[] = {
      // Queen against rook wins, whoever is to move.
      {"8/8/2k5/8/5r2/8/1Q6/6K1 w - - 0 1", Wdl::WIN},
      {"8/8/2k5/8/5r2/8/1Q6/6K1 b - - 0 1", Wdl::LOSS},
      // Rook against bishop is a draw with the defending king in the middle of the board...
      {"8/8/4k3/2b5/8/8/4K3/4R3 w - - 0 1", Wdl::DRAW},
      // ... but not with the bishop loose in a corner the rook reaches (Rxa1).
      {"k7/8/1K6/8/8/8/8/b6R w - - 0 1", Wdl::WIN},
      // King and pawn: a pawn on the seventh promotes; the king on the sixth in front of its
      // pawn wins whoever moves; a rook's pawn against the king in its corner is a draw.
      {"8/4P3/8/8/8/k7/8/4K3 w - - 0 1", Wdl::WIN},
      {"3k4/8/3K4/3P4/8/8/8/8 w - - 0 1", Wdl::WIN},
      {"3k4/8/3K4/3P4/8/8/8/8 b - - 0 1", Wdl::LOSS},
      {"7k/8/7K/7P/8/8/8/8 w - - 0 1", Wdl::DRAW},
  };
  for (const Case& c : cases) {
    INFO(c.fen);
    const auto wdl = tb::probe_wdl(from_fen(c.fen));
    REQUIRE(wdl.has_value());
    CHECK(*wdl == c.wdl);
  }
  // What the tables cannot say: castling rights, a running 50-move count, five pieces.
  CHECK_FALSE(tb::probe_wdl(from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")).has_value());
  CHECK_FALSE(tb::probe_wdl(from_fen("8/8/2k5/8/5r2/8/1Q6/6K1 w - - 3 40")).has_value());
  CHECK_FALSE(tb::probe_wdl(from_fen("8/8/2k5/8/5r2/8/1Q4P1/6K1 w - - 0 1")).has_value());
}

TEST_CASE("root moves are ranked so that wins progress and losses resist", "[tablebase]") {
  Tables t;
  // Taking the bishop wins at once (DTZ 1); the check Rh8+ only draws (Bxh8).
  const Position loose = from_fen("k7/8/1K6/8/8/8/8/b6R w - - 0 1");
  const auto ranked = tb::probe_root(loose);
  CHECK(ranked.size() == legal_moves(loose).size());
  const auto best = tb::best_root_moves(ranked, true);
  REQUIRE(best.size() == 1);
  CHECK(best[0].move == move(loose, "h1a1"));
  CHECK(best[0].wdl == Wdl::WIN);
  CHECK(best[0].dtz == 1);
  const auto check = std::find_if(ranked.begin(), ranked.end(), [&](auto& r) { return r.move == move(loose, "h1h8"); });
  REQUIRE(check != ranked.end());
  CHECK(check->wdl == Wdl::DRAW);

  const Position queen = from_fen("8/8/2k5/8/5r2/8/1Q6/6K1 w - - 0 1");
  const auto all = tb::probe_root(queen);
  const auto kept = tb::best_root_moves(all, true);
  REQUIRE_FALSE(kept.empty());
  const int fastest = std::min_element(all.begin(), all.end(), [](auto& a, auto& b) {
                        return (a.wdl == Wdl::WIN ? a.dtz : 1000) < (b.wdl == Wdl::WIN ? b.dtz : 1000);
                      })->dtz;
  for (const auto& k : kept) {
    CHECK(k.wdl == Wdl::WIN);
    CHECK(k.dtz == fastest);
  }
  // Some moves throw the win away (the queen hangs to the rook), and are never kept.
  CHECK(std::any_of(all.begin(), all.end(), [](auto& r) { return r.wdl != Wdl::WIN; }));

  // The loser keeps the longest road to the next capture or pawn move.
  const Position lost = from_fen("8/8/2k5/8/5r2/8/1Q6/6K1 b - - 0 1");
  const auto defences = tb::probe_root(lost);
  const auto longest = tb::best_root_moves(defences, true);
  for (const auto& d : defences)
    if (d.wdl == Wdl::LOSS) CHECK(d.dtz <= longest.front().dtz);
}

TEST_CASE("the search reports tablebase scores and hits", "[tablebase]") {
  Tables t;
  Engine engine;
  Limits l;
  l.depth = 8;
  const SearchResult won = engine.search_sync(from_fen("8/8/2k5/8/5r2/8/1Q6/6K1 w - - 0 1"), l);
  const auto kept = tb::best_root_moves(tb::probe_root(from_fen("8/8/2k5/8/5r2/8/1Q6/6K1 w - - 0 1")), true);
  CHECK(std::any_of(kept.begin(), kept.end(), [&](auto& k) { return k.move == won.best; }));
  // A capture of the rook below the root is a tablebase win, worth more than any evaluation.
  const SearchResult capture = engine.search_sync(from_fen("8/8/2k5/8/8/1r6/1Q6/6K1 w - - 0 1"), l);
  CHECK(capture.best == move(from_fen("8/8/2k5/8/8/1r6/1Q6/6K1 w - - 0 1"), "b2b3"));
  CHECK(capture.score >= SCORE_TB_WIN_IN_MAX);
  CHECK(capture.score < SCORE_MATE_IN_MAX);
}

TEST_CASE("with tables, won endings are converted before the 50-move rule", "[tablebase]") {
  Tables t;
  Engine engine;
  for (const char* fen : {"8/8/2k5/8/5r2/8/1Q6/6K1 w - - 0 1", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"}) {
    INFO(fen);
    Position pos = from_fen(fen);
    int plies = 0;
    while (!checkmated(pos) && plies < 300) {
      REQUIRE(pos.rule50() < 100);
      REQUIRE_FALSE(pos.is_draw(0));
      const SearchResult r = engine.search_sync(pos, nodes(2000));
      REQUIRE(r.best);
      pos.make_move(r.best);
      ++plies;
    }
    CHECK(checkmated(pos));
  }
}

TEST_CASE("with tables, a drawn ending is held", "[tablebase]") {
  Tables t;
  Engine engine;
  Position pos = from_fen("8/8/4k3/2b5/8/8/4K3/4R3 w - - 0 1");
  for (int ply = 0; ply < 60; ++ply) {
    const auto ranked = tb::probe_root(pos);
    REQUIRE_FALSE(ranked.empty());
    const SearchResult r = engine.search_sync(pos, nodes(2000));
    const auto chosen = std::find_if(ranked.begin(), ranked.end(), [&](auto& m) { return m.move == r.best; });
    REQUIRE(chosen != ranked.end());
    // The defender (Black) never lets the draw slip; White never gives more than a draw away.
    CHECK(chosen->wdl == Wdl::DRAW);
    pos.make_move(r.best);
    if (popcount(pos.pieces()) < 4) break;
  }
}
