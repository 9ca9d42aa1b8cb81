#include <catch2/catch.hpp>

#include <variant>

#include "test_util.h"

#include "vireo/tools/epd.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

EpdPosition parsed(const std::string& line) {
  auto r = parse_epd(line, 7);
  INFO(line << ": " << (std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : ""));
  REQUIRE(std::holds_alternative<EpdPosition>(r));
  return std::get<EpdPosition>(r);
}

std::string error_of(const std::string& line) {
  auto r = parse_epd(line, 7);
  return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "";
}

}  // namespace

TEST_CASE("EPD lines: bm and am in SAN or UCI, ids, and clear errors", "[epd]") {
  const EpdPosition q = parsed(R"(k7/8/2K5/8/8/8/8/1Q6 w - - bm Qb7# b1a2; id "queen mate";)");
  const Position pos = from_fen(q.fen);
  CHECK(q.id == "queen mate");
  REQUIRE(q.best.size() == 2);
  CHECK(q.best[0] == parse_uci_move(pos, "b1b7"));
  CHECK(q.best[1] == parse_uci_move(pos, "b1a2"));
  CHECK(q.solved_by(parse_uci_move(pos, "b1a2")));
  CHECK_FALSE(q.solved_by(parse_uci_move(pos, "b1b8")));

  const EpdPosition apart = parsed("k7/8/2K5/8/8/8/8/1Q6 w - - bm Qb7 # Qb8 + !; id BK.01");
  REQUIRE(apart.best.size() == 2);  // a mark set apart belongs to the move before it
  CHECK(apart.best[1] == parse_uci_move(pos, "b1b8"));
  CHECK(error_of("k7/8/2K5/8/8/8/8/1Q6 w - - bm + Qb7;").find("'+' is not a legal move") != std::string::npos);

  const EpdPosition avoid = parsed("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Rd7;");
  CHECK(avoid.id == "line 7");
  const Position back = from_fen(avoid.fen);
  CHECK_FALSE(avoid.solved_by(parse_uci_move(back, "d1d7")));
  CHECK(avoid.solved_by(parse_uci_move(back, "d1d8")));

  CHECK(error_of("k7/8/2K5/8/8/8/8/1Q6 w - - id \"nothing to solve\";") == "no bm or am operation");
  CHECK(error_of("k7/8/2K5/8/8/8/8/1Q6 w - - bm Qh8;").find("'Qh8' is not a legal move") != std::string::npos);
  CHECK(error_of("k7/8/2K5/8/8/8/8/1Q6 w - bm Qb7;").rfind("bad FEN", 0) == 0);
  CHECK(error_of("k7/8 w").find("four FEN fields") != std::string::npos);
}

TEST_CASE("EPD positions run through the engine: solved, what was played, and when", "[epd]") {
  Engine engine;
  const EpdPosition mate = parsed(R"(r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - bm Nf6+;)");
  const EpdResult r = run_epd_position(engine, mate, test::depth_limit(6));
  CHECK(r.solved);
  CHECK(r.played == mate.best[0]);
  CHECK(r.solved_after_ms >= 0);
  CHECK(r.solved_after_ms <= r.ms);
  CHECK(r.depth == 6);
  // A move to avoid that the engine avoids; a best move it does not play is not solved.
  CHECK(run_epd_position(engine, parsed("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Rd7;"), test::depth_limit(4)).solved);
  const EpdResult wrong =
      run_epd_position(engine, parsed("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd7;"), test::depth_limit(4));
  CHECK_FALSE(wrong.solved);
  CHECK(wrong.solved_after_ms == -1);
}
