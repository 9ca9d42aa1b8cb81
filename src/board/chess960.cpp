#include "vireo/board/chess960.h"

#include <array>
#include <cctype>

namespace vireo {

namespace {

// Where the two knights go among the five files left once bishops and queen stand.
constexpr std::array<std::array<int, 2>, 10> KNIGHT_SLOTS = {
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

// Puts `piece` on the `slot`-th still empty file.
void place_on_empty(std::string& rank, int slot, char piece) {
  for (char& c : rank)
    if (c == ' ' && slot-- == 0) {
      c = piece;
      return;
    }
}

}  // namespace

std::string chess960_back_rank(int n) {
  std::string rank(8, ' ');
  rank[std::size_t(2 * (n % 4) + 1)] = 'B';  // the light-squared bishop: b, d, f or h
  n /= 4;
  rank[std::size_t(2 * (n % 4))] = 'B';  // the dark-squared one: a, c, e or g
  n /= 4;
  place_on_empty(rank, n % 6, 'Q');
  n /= 6;
  // The later knight first, so that the earlier slot still counts the same empty files.
  place_on_empty(rank, KNIGHT_SLOTS[std::size_t(n)][1], 'N');
  place_on_empty(rank, KNIGHT_SLOTS[std::size_t(n)][0], 'N');
  // The king always stands between the rooks.
  place_on_empty(rank, 0, 'R');
  place_on_empty(rank, 0, 'K');
  place_on_empty(rank, 0, 'R');
  return rank;
}

std::string chess960_fen(int white, int black) {
  const std::string w = chess960_back_rank(white);
  std::string b = chess960_back_rank(black);
  std::string castling;
  for (int side = 0; side < 2; ++side) {
    const std::string& rank = side == 0 ? w : b;
    // King's side rook (the outer right one) first, as FEN orders K before Q.
    const auto h = rank.rfind('R'), a = rank.find('R');
    const char base = side == 0 ? 'A' : 'a';
    castling += char(base + h);
    castling += char(base + a);
  }
  for (char& c : b) c = char(std::tolower(static_cast<unsigned char>(c)));
  return b + "/pppppppp/8/8/8/8/PPPPPPPP/" + w + " w " + castling + " - 0 1";
}

}  // namespace vireo
