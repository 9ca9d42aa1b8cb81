// FEN parsing: any accepted FEN must give a consistent position that survives every legal
// move and prints back as a FEN that parses to the same position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vireo/movegen.h"
#include "vireo/position.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  vireo::Position pos;
  if (pos.set_fen(std::string_view(reinterpret_cast<const char*>(data), size))) return 0;
  if (pos.validate()) std::abort();  // accepted yet inconsistent
  vireo::Position again;
  if (again.set_fen(pos.fen()) || again.key() != pos.key()) std::abort();
  for (vireo::Move m : vireo::legal_moves(pos)) {
    const vireo::Key before = pos.key();
    pos.make_move(m);
    if (pos.validate()) std::abort();
    pos.unmake_move(m);
    if (pos.key() != before) std::abort();
  }
  return 0;
}
