// FEN parsing: any accepted FEN must print back as a FEN that parses to the same position, and
// stay a valid position (one set_fen accepts, same key) through make and unmake of every move.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vireo/board/movegen.h"
#include "vireo/board/position.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  vireo::Position pos;
  if (pos.set_fen(std::string_view(reinterpret_cast<const char*>(data), size))) return 0;
  auto reparses = [](const vireo::Position& p) {
    vireo::Position again;
    return !again.set_fen(p.fen()) && again.key() == p.key();
  };
  if (!reparses(pos)) std::abort();
  for (const vireo::ExtMove& em : vireo::legal_moves(pos)) {
    const vireo::Key before = pos.key();
    pos.make_move(em.move);
    if (!reparses(pos)) std::abort();
    pos.unmake_move(em.move);
    if (pos.key() != before) std::abort();
  }
  return 0;
}
