#include "vireo/tools/game_record.h"

#include <fmt/format.h>
#include <algorithm>

#include "vireo/board/movegen.h"
#include "vireo/eval/score.h"

namespace vireo {

namespace {

constexpr std::uint8_t MARKER[2] = {'V', 'G'};
constexpr std::uint8_t VERSION = 1;
constexpr std::size_t HEADER_BYTES = 11;

// The legal moves in an order fixed by the encoding alone.
std::vector<Move> ordered_moves(const Position& pos) {
  std::vector<Move> moves;
  for (const ExtMove& e : legal_moves(pos)) moves.push_back(e.move);
  std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
  return moves;
}

void put16(std::vector<std::uint8_t>& out, unsigned v) {
  out.push_back(std::uint8_t(v & 0xFF));
  out.push_back(std::uint8_t(v >> 8));
}

void put_varint(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (; v >= 0x80; v >>= 7) out.push_back(std::uint8_t(v | 0x80));
  out.push_back(std::uint8_t(v));
}

std::uint32_t zigzag(std::int32_t v) { return (std::uint32_t(v) << 1) ^ std::uint32_t(v >> 31); }
std::int32_t unzigzag(std::uint32_t v) { return std::int32_t(v >> 1) ^ -std::int32_t(v & 1); }

// A move as one byte: its place among the legal moves in that fixed order.
std::uint8_t move_index(const Position& pos, Move m) {
  const auto moves = ordered_moves(pos);
  return std::uint8_t(std::find(moves.begin(), moves.end(), m) - moves.begin());
}

// A reader over the bytes that remembers the first failure instead of throwing.
struct Reader {
  const std::vector<std::uint8_t>& bytes;
  std::size_t at;
  bool ok = true;

  unsigned u8() {
    if (at >= bytes.size()) return ok = false, 0;
    return bytes[at++];
  }
  unsigned u16() {
    const unsigned lo = u8();
    return lo | (u8() << 8);
  }
  std::uint32_t varint() {
    std::uint32_t v = 0;
    for (int shift = 0; shift < 35 && ok; shift += 7) {
      const unsigned b = u8();
      v |= std::uint32_t(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    return ok = false, 0;
  }
};

// Reads one move byte at `pos` and plays it; false when the byte is no legal move's index.
bool read_move(Reader& in, Position& pos, std::vector<Move>& into) {
  const unsigned index = in.u8();
  const auto moves = ordered_moves(pos);
  if (!in.ok || index >= moves.size()) return false;
  into.push_back(moves[index]);
  pos.make_move(moves[index]);
  return true;
}

}  // namespace

Position GameRecord::start() const {
  Position pos;
  pos.set_fen(chess960_fen(white_start, black_start));
  return pos;
}

bool is_training_position(const Position& pos, Move best, int stm_score) {
  return !pos.in_check() && !pos.is_capture(best) && best.kind() != Move::PROMOTION && !is_mate_score(stm_score);
}

std::optional<std::string> expand_game(const GameRecord& game, std::vector<TrainingRecord>& out) {
  Position pos = game.start();
  const std::size_t first = out.size();
  for (Move m : game.opening) {
    if (!legal_moves(pos).contains(m)) return fmt::format("opening move {} is not legal", m.to_uci());
    pos.make_move(m);
  }
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Move m = game.moves[i];
    if (!legal_moves(pos).contains(m)) return fmt::format("move {} of the game is not legal", i + 1);
    const int white_score = game.scores[i];
    const int stm_score = pos.side_to_move() == WHITE ? white_score : -white_score;
    if (is_training_position(pos, m, stm_score)) out.push_back(pack_record(pos, white_score));
    pos.make_move(m);
  }
  for (std::size_t i = first; i < out.size(); ++i) out[i].result = game.result;
  return std::nullopt;
}

void encode_game(const GameRecord& game, std::vector<std::uint8_t>& out) {
  out.insert(out.end(), {MARKER[0], MARKER[1], VERSION});
  put16(out, game.white_start);
  put16(out, game.black_start);
  out.push_back(std::uint8_t(game.result));
  out.push_back(std::uint8_t(game.opening.size()));
  put16(out, unsigned(game.moves.size()));
  Position pos = game.start();
  for (Move m : game.opening) {
    out.push_back(move_index(pos, m));
    pos.make_move(m);
  }
  int previous = 0;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    out.push_back(move_index(pos, game.moves[i]));
    pos.make_move(game.moves[i]);
    put_varint(out, zigzag(game.scores[i] - previous));
    previous = game.scores[i];
  }
}

std::optional<std::string> decode_game(const std::vector<std::uint8_t>& bytes, std::size_t& pos, GameRecord& game) {
  const auto fail = [&](const char* what) { return fmt::format("game at byte {}: {}", pos, what); };
  if (bytes.size() - pos < HEADER_BYTES) return fail("truncated header");
  Reader in{bytes, pos};
  if (in.u8() != MARKER[0] || in.u8() != MARKER[1]) return fail("no game marker");
  if (in.u8() != VERSION) return fail("unknown format version");
  GameRecord g;
  g.white_start = std::uint16_t(in.u16());
  g.black_start = std::uint16_t(in.u16());
  const unsigned result = in.u8(), opening = in.u8(), plies = in.u16();
  if (g.white_start >= CHESS960_POSITIONS || g.black_start >= CHESS960_POSITIONS) return fail("bad start position");
  if (result > RESULT_WHITE_WINS) return fail("bad result");
  g.result = RecordResult(result);
  Position board = g.start();
  for (unsigned i = 0; i < opening; ++i)
    if (!read_move(in, board, g.opening)) return fail(in.ok ? "illegal opening move" : "truncated opening");
  int score = 0;
  for (unsigned i = 0; i < plies; ++i) {
    if (!read_move(in, board, g.moves)) return fail(in.ok ? "illegal move" : "truncated moves");
    score += unzigzag(in.varint());
    if (!in.ok) return fail("truncated score");
    g.scores.push_back(score);
  }
  game = std::move(g);
  pos = in.at;
  return std::nullopt;
}

}  // namespace vireo
