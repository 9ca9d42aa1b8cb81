// Chess960 start positions by their standard numbers (Scharnagl's scheme, 0-959; 518 is the
// classical arrangement). Double Chess960 gives each side its own arrangement.
#pragma once

#include <string>

namespace vireo {

inline constexpr int CHESS960_POSITIONS = 960;
inline constexpr int CHESS960_CLASSICAL = 518;

// The back rank of arrangement `n` as white's letters, a-file first ("RNBQKBNR" for 518).
std::string chess960_back_rank(int n);

// The start position with white's arrangement `white` and black's `black` (the same number for
// Chess960), as Shredder-FEN: castling rights name the rooks' files, which set_fen reads.
std::string chess960_fen(int white, int black);

}  // namespace vireo
