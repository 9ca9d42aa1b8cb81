// SAN and PGN parsing: the reader must get through any text, and every move it returns must be
// legal where it stands and print back as SAN that parses to the same move.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "vireo/board/pgn.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  vireo::PgnReader reader(in);
  int games = 0;
  while (auto item = reader.next()) {
    if (++games > 1000) std::abort();  // the reader must consume input as it goes
    if (item->error) continue;
    vireo::Position pos;
    if (pos.set_fen(item->game.start_fen)) std::abort();
    for (vireo::Move m : item->game.moves) {
      if (vireo::parse_san(pos, vireo::to_san(pos, m)) != m) std::abort();
      pos.make_move(m);
    }
  }
  return 0;
}
