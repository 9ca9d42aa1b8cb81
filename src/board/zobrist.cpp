#include "vireo/board/zobrist.h"

namespace vireo::zobrist {

// Polyglot's Random64 table, from the Polyglot book format specification: 768 piece-square
// keys, 4 castling keys, 8 en-passant file keys and the turn key.
const std::array<Key, 781> RANDOM64 = {
#include "polyglot_random64.inc"
};

namespace {

constexpr int CASTLING_KEY_OFFSET = 768;

std::array<Key, 16> make_castling_keys() {
  std::array<Key, 16> keys{};
  for (int rights = 0; rights < 16; ++rights)
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) keys[rights] ^= RANDOM64[CASTLING_KEY_OFFSET + bit];
  return keys;
}

}  // namespace

Key castling(int rights) {
  static const std::array<Key, 16> keys = make_castling_keys();
  return keys[rights];
}

}  // namespace vireo::zobrist
