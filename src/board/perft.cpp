#include "vireo/board/perft.h"

#include "vireo/board/movegen.h"

namespace vireo {

std::uint64_t perft(Position& pos, int depth) {
  MoveList list;
  generate<GenType::ALL>(pos, list);
  // Every generated move is legal, so the last ply is counted without being played.
  if (depth <= 1) return depth == 1 ? list.size() : 1;
  std::uint64_t nodes = 0;
  for (const ExtMove& e : list) {
    pos.make_move(e.move);
    nodes += perft(pos, depth - 1);
    pos.unmake_move(e.move);
  }
  return nodes;
}

PerftDivide perft_divide(Position& pos, int depth) {
  PerftDivide result;
  for (const ExtMove& e : legal_moves(pos)) {
    pos.make_move(e.move);
    std::uint64_t n = depth > 1 ? perft(pos, depth - 1) : 1;
    pos.unmake_move(e.move);
    result.moves.emplace_back(e.move, n);
    result.total += n;
  }
  return result;
}

}  // namespace vireo
