// Book reading: any file is either refused with a message or probed without reading past it,
// and every move it yields is legal.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "vireo/board/movegen.h"
#include "vireo/book/book.h"

namespace {

bool legal(const vireo::Position& pos, vireo::Move m) {
  for (const vireo::ExtMove& l : vireo::legal_moves(pos))
    if (l.move == m) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/vireo-fuzz-book-" + std::to_string(::getpid()) + ".bin";
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  vireo::PolyglotBook book;
  if (book.open(path)) return 0;
  std::mt19937_64 rng(size);
  vireo::Position pos;
  // Follow the book from the start as deep as it goes, checking every entry on the way.
  for (int ply = 0; ply < 40; ++ply) {
    for (const vireo::BookEntry& e : book.probe(pos))
      if (!legal(pos, e.move)) std::abort();
    const vireo::Move m =
        book.choose(pos, ply % 2 ? vireo::BookSelection::Best : vireo::BookSelection::Weighted, rng).move;
    if (!m) break;
    if (!legal(pos, m)) std::abort();
    pos.make_move(m);
  }
  return 0;
}
