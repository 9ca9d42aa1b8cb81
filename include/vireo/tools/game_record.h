// The compact form of a datagen game: where it started, its moves and every searched move's
// score. expand_game makes the game's TrainingRecords from it again, exactly as datagen wrote
// them, so a game file is a complete copy of the training data at about a tenth of the size:
// the form in which positions that cost hours of CPU are kept (nets/data/).
//
// Layout of one game (little-endian); a file is a concatenation of games:
//   bytes 0-1   'V' 'G'
//   byte  2     format version (1)
//   bytes 3-4   white's back-rank arrangement, its Chess960 number (518: the classical one)
//   bytes 5-6   black's
//   byte  7     result from white's view (RecordResult)
//   byte  8     random opening plies R
//   bytes 9-10  searched plies N
//   R bytes     the opening's moves
//   N times     the searched move, then its score from white's view as a zigzag varint of the
//               difference from the previous searched move's score (the first: from 0)
// A move is one byte: its index among the position's legal moves ordered by Move::raw(), an
// order that does not depend on how the move generator lists them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vireo/board/chess960.h"
#include "vireo/board/position.h"
#include "vireo/tools/training_data.h"

namespace vireo {

struct GameRecord {
  std::uint16_t white_start = CHESS960_CLASSICAL;
  std::uint16_t black_start = CHESS960_CLASSICAL;
  RecordResult result = RESULT_DRAW;
  std::vector<Move> opening;  // random plies, not searched
  std::vector<Move> moves;    // searched plies
  std::vector<int> scores;    // each searched move's score, white's view

  // The position the game starts from, before its opening.
  Position start() const;
};

// Whether datagen trains on the position before a searched move: quiet ones only, where the
// static evaluation can know what the search found.
bool is_training_position(const Position& pos, Move best, int stm_score);

// The game's training records, result filled in; on a move that is not legal, an error.
std::optional<std::string> expand_game(const GameRecord& game, std::vector<TrainingRecord>& out);

// Appends the game's bytes to `out`.
void encode_game(const GameRecord& game, std::vector<std::uint8_t>& out);

// Reads the game at `pos` in `bytes` and moves `pos` past it; on malformed or truncated bytes,
// an error naming the offset (and `pos` is left where it was).
std::optional<std::string> decode_game(const std::vector<std::uint8_t>& bytes, std::size_t& pos, GameRecord& game);

}  // namespace vireo
