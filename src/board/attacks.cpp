#include "vireo/board/attacks.h"

#include <mutex>
#include <vector>

namespace vireo::attacks::detail {

std::array<Magic, 64> rook_magics;
std::array<Magic, 64> bishop_magics;
std::array<std::array<Bitboard, 64>, 64> between_table;
std::array<std::array<Bitboard, 64>, 64> line_table;

namespace {

// Every subset of a rook or bishop mask indexes one slot; with a fixed shift per square the
// tables need 102400 (rooks) and 5248 (bishops) entries in total.
std::vector<Bitboard> rook_storage(102400);
std::vector<Bitboard> bishop_storage(5248);

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard slide(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
  Bitboard b = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Square t = make_square(f, r);
      b |= square_bb(t);
      if (occupied & square_bb(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return b;
}

// Deterministic xorshift64*, so magic search gives the same numbers on every run.
struct Prng {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  // Magics with few set bits are found much faster.
  std::uint64_t sparse() { return next() & next() & next(); }
};

void init_sliders(std::array<Magic, 64>& magics, std::vector<Bitboard>& storage, const int (&dirs)[4][2]) {
  Prng prng{0x9E3779B97F4A7C15ULL};
  std::vector<Bitboard> occupancies, references;
  std::vector<int> epoch(4096, 0);
  int attempt = 0;
  Bitboard* next_table = storage.data();

  for (int sq = 0; sq < 64; ++sq) {
    Square s = Square(sq);
    // Edge squares never block anything beyond them, so they are left out of the mask.
    Bitboard edges =
        ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    Magic& m = magics[sq];
    m.mask = slide(s, 0, dirs) & ~edges;
    m.shift = unsigned(64 - popcount(m.mask));
    m.table = next_table;
    const std::size_t size = std::size_t(1) << popcount(m.mask);
    next_table += size;

    occupancies.clear();
    references.clear();
    Bitboard subset = 0;
    do {  // Carry-Rippler walk over every subset of the mask.
      occupancies.push_back(subset);
      references.push_back(slide(s, subset, dirs));
      subset = (subset - m.mask) & m.mask;
    } while (subset);

    Bitboard* table = const_cast<Bitboard*>(m.table);
#if defined(USE_PEXT)
    for (std::size_t i = 0; i < occupancies.size(); ++i) table[m.index(occupancies[i])] = references[i];
#else
    for (bool found = false; !found;) {
      do m.magic = prng.sparse();
      while (popcount((m.magic * m.mask) >> 56) < 6);
      ++attempt;
      found = true;
      for (std::size_t i = 0; i < occupancies.size() && found; ++i) {
        unsigned idx = m.index(occupancies[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          table[idx] = references[i];
        } else if (table[idx] != references[i]) {
          found = false;
        }
      }
    }
#endif
  }
  (void)prng;
  (void)attempt;
}

void init_lines() {
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      Square sa = Square(a), sb = Square(b);
      between_table[a][b] = square_bb(sb);
      line_table[a][b] = 0;
      if (a == b) continue;
      for (PieceType pt : {BISHOP, ROOK}) {
        if (piece(pt, sa, 0) & square_bb(sb)) {
          line_table[a][b] = (piece(pt, sa, 0) & piece(pt, sb, 0)) | square_bb(sa) | square_bb(sb);
          between_table[a][b] |= piece(pt, sa, square_bb(sb)) & piece(pt, sb, square_bb(sa));
        }
      }
    }
}

}  // namespace
}  // namespace vireo::attacks::detail

namespace vireo::attacks {

void init() {
  static std::once_flag once;
  std::call_once(once, [] {
    detail::init_sliders(detail::rook_magics, detail::rook_storage, detail::ROOK_DIRS);
    detail::init_sliders(detail::bishop_magics, detail::bishop_storage, detail::BISHOP_DIRS);
    detail::init_lines();
  });
}

}  // namespace vireo::attacks
