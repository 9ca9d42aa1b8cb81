#include "vireo/board/cuckoo.h"

#include <array>

#include "vireo/board/attacks.h"
#include "vireo/board/zobrist.h"

namespace vireo::cuckoo {

namespace {

// 3,668 moves in 8,192 slots: a cuckoo table this empty always finds a place for each.
constexpr int SLOTS = 8192;

int slot1(Key k) { return int(k & (SLOTS - 1)); }
int slot2(Key k) { return int((k >> 16) & (SLOTS - 1)); }

struct Table {
  std::array<Key, SLOTS> keys{};
  std::array<std::pair<Square, Square>, SLOTS> moves{};
  int count = 0;

  Table() {
    attacks::init();
    for (Color c : {WHITE, BLACK})
      for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING})
        for (int a = 0; a < 64; ++a)
          for (int b = a + 1; b < 64; ++b)
            if (attacks::piece(pt, Square(a), 0) & square_bb(Square(b)))
              insert(make_piece(c, pt), Square(a), Square(b));
  }

  // A newcomer takes its first slot; whoever held it moves to its other slot, and so on.
  void insert(Piece p, Square a, Square b) {
    Key key = zobrist::piece_square(p, a) ^ zobrist::piece_square(p, b) ^ zobrist::white_to_move();
    std::pair<Square, Square> move{a, b};
    ++count;
    for (int i = slot1(key);; i = i == slot1(key) ? slot2(key) : slot1(key)) {
      std::swap(keys[i], key);
      std::swap(moves[i], move);
      if (!key) return;
    }
  }
};

const Table& table() {
  static const Table t;
  return t;
}

}  // namespace

std::optional<std::pair<Square, Square>> find(Key diff) {
  const Table& t = table();
  for (int i : {slot1(diff), slot2(diff)})
    if (t.keys[i] == diff) return t.moves[i];
  return std::nullopt;
}

int size() { return table().count; }

}  // namespace vireo::cuckoo
