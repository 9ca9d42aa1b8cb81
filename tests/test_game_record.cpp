#include <catch2/catch.hpp>

#include <cstring>
#include <random>

#include "test_util.h"
#include "vireo/board/movegen.h"
#include "vireo/tools/game_record.h"

using namespace vireo;

namespace {

// A random legal game from `start` with made-up scores, some of them mate scores and large jumps.
GameRecord random_game(int white, int black, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  GameRecord g;
  g.white_start = std::uint16_t(white);
  g.black_start = std::uint16_t(black);
  g.result = RecordResult(rng() % 3);
  Position pos = g.start();
  for (int ply = 0; ply < 160; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    const Move m = moves[rng() % moves.size()].move;
    if (ply < 8) {
      g.opening.push_back(m);
    } else {
      g.moves.push_back(m);
      g.scores.push_back(ply % 17 == 0 ? 31990 : int(rng() % 4001) - 2000);
    }
    pos.make_move(m);
  }
  return g;
}

}  // namespace

TEST_CASE("games round-trip through their compact form", "[game_record]") {
  std::vector<std::uint8_t> bytes;
  std::vector<GameRecord> games;
  for (int i = 0; i < 20; ++i) {
    games.push_back(random_game(i % 2 ? 518 : i * 41, i % 4 == 2 ? 959 - i : (i % 2 ? 518 : i * 41), 100 + i));
    encode_game(games.back(), bytes);
  }
  std::size_t at = 0;
  for (const GameRecord& want : games) {
    GameRecord got;
    REQUIRE_FALSE(decode_game(bytes, at, got).has_value());
    CHECK(got.white_start == want.white_start);
    CHECK(got.black_start == want.black_start);
    CHECK(got.result == want.result);
    CHECK(got.opening == want.opening);
    CHECK(got.moves == want.moves);
    CHECK(got.scores == want.scores);
  }
  CHECK(at == bytes.size());
}

TEST_CASE("training positions are the quiet ones, with the game's result", "[game_record]") {
  const GameRecord g = random_game(518, 518, 7);
  std::vector<TrainingRecord> records;
  REQUIRE_FALSE(expand_game(g, records).has_value());
  Position pos = g.start();
  for (Move m : g.opening) pos.make_move(m);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const int stm_score = pos.side_to_move() == WHITE ? g.scores[i] : -g.scores[i];
    if (is_training_position(pos, g.moves[i], stm_score)) {
      REQUIRE(kept < records.size());
      const TrainingRecord want = pack_record(pos, g.scores[i]);
      CHECK(std::memcmp(&records[kept].occupancy, &want.occupancy, 26) == 0);
      CHECK(records[kept].result == g.result);
      ++kept;
    }
    pos.make_move(g.moves[i]);
  }
  CHECK(kept == records.size());
  CHECK(kept > 0);
  CHECK(kept < g.moves.size());
}

TEST_CASE("a malformed or truncated game is refused with its offset", "[game_record]") {
  std::vector<std::uint8_t> bytes;
  encode_game(random_game(518, 518, 1), bytes);
  const std::size_t first = bytes.size();
  encode_game(random_game(100, 100, 2), bytes);
  GameRecord g;
  std::size_t at = 0;
  REQUIRE_FALSE(decode_game(bytes, at, g).has_value());

  auto truncated = bytes;
  truncated.resize(bytes.size() - 1);
  std::size_t at2 = first;
  CHECK(decode_game(truncated, at2, g).value_or("").find("game at byte " + std::to_string(first)) == 0);
  CHECK(at2 == first);

  auto bad_move = bytes;
  bad_move[first + 11] = 250;  // no position has 251 legal moves
  at2 = first;
  CHECK(decode_game(bad_move, at2, g).value_or("").find("illegal") != std::string::npos);

  auto bad_start = bytes;
  bad_start[first + 3] = 0xFF;
  bad_start[first + 4] = 0xFF;
  at2 = first;
  CHECK(decode_game(bad_start, at2, g).value_or("").find("start") != std::string::npos);

  auto bad_marker = bytes;
  bad_marker[first] = 'X';
  at2 = first;
  CHECK(decode_game(bad_marker, at2, g).value_or("").find("marker") != std::string::npos);
}
