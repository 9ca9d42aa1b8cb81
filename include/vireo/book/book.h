// Polyglot opening books: 16-byte big-endian entries (key, move, weight, learn) sorted by key.
// The file stays open and a probe binary-searches it with about 20 seeks and reads, so books
// of hundreds of MB open at once and are never held in memory. A file truncated or rewritten
// in place while open reads as a book without entries (a mapping would kill the process).
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "vireo/board/position.h"
#include "vireo/book/book_learn.h"

namespace vireo {

struct BookEntry {
  Move move;
  std::uint16_t weight = 0;
  std::uint32_t learn = 0;
};

enum class BookSelection { Weighted, Best };

// A move chosen from the book, with its share of the weights it was chosen among.
struct BookChoice {
  Move move;
  double share = 0;  // of all the position's book weight, 0..1
};

class PolyglotBook {
 public:
  PolyglotBook() = default;
  PolyglotBook(const PolyglotBook&) = delete;
  PolyglotBook& operator=(const PolyglotBook&) = delete;

  // Opens and checks a book; on error returns a message and leaves the book closed.
  std::optional<std::string> open(const std::string& path);
  void close();
  bool is_open() const { return file_.is_open(); }
  const std::string& path() const { return path_; }
  std::size_t size() const { return count_; }

  // The entries for the position whose moves are legal there, in file order; none when the
  // file changed size since it was opened or a read falls short.
  std::vector<BookEntry> probe(const Position& pos) const;
  // A move for the position: weighted-random (weights as probabilities) or the best weight,
  // among the entries holding at least `min_share` (0..1) of the position's total weight,
  // each weight multiplied by what `learning` learned of the move (if given).
  BookChoice choose(const Position& pos, BookSelection selection, std::mt19937_64& rng, double min_share = 0,
                    const BookLearning* learning = nullptr) const;

  // Polyglot's move encoding: castling as king-takes-rook (e1h1), promotions 1..4 = N..R..Q.
  static Move decode_move(const Position& pos, std::uint16_t raw);
  static std::uint16_t encode_move(const Position& pos, Move m);

 private:
  struct Raw {
    std::uint64_t key;
    std::uint16_t move, weight;
    std::uint32_t learn;
  };
  // Entry i as the file holds it now; nullopt when the read falls short.
  std::optional<Raw> entry(std::size_t i) const;
  std::optional<std::uint64_t> file_bytes() const;
  bool same_size_as_opened() const;
  bool sample_sorted() const;

  // Reading moves the file's position, which is no part of the book's state; the book is
  // probed from one thread.
  mutable std::ifstream file_;
  std::size_t count_ = 0;
  std::string path_;
};

}  // namespace vireo
