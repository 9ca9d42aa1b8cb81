// The opening book as the engine plays from it: the book file, what book learning has learned
// of its lines, and the decisions that need only those and a position: which book move to
// offer, and what the game's moves and its end teach. Moves are chosen on the command thread;
// what follows them is learned on the search thread, at its bestmove. Whether a `go` may be
// answered from the book at all, and the short search that checks a book move, are the
// engine's (engine/book_offer.h).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "vireo/book/book.h"
#include "vireo/book/book_learn.h"

namespace vireo {

// The book's UCI options; each field's default is its option's.
struct BookSettings {
  BookSelection selection = BookSelection::Weighted;  // Book Selection
  int min_weight = 0;     // Book Min Weight: the share of a position's weight a candidate needs, %
  int max_ply = 40;       // Book Depth: no book move from this game ply on
  int check_depth = 0;    // Book Check Depth: 0, the book move is scored alone (BookOffer)
  int check_margin = 50;  // Book Check Margin: centipawns below the check's best it may score
};

class BookPlayer {
 public:
  // Opens `file` to play from, or none (`own_book` false, or ""). It is opened again even when
  // it is the one in use, so that a rebuilt book is read anew; an error keeps the book in use.
  std::optional<std::string> open(bool own_book, const std::string& file);
  // Makes `file` ("": none) what learning reads and writes. A file that does not exist yet is
  // where learning starts (`afresh`); one that cannot be read whole is refused, and what was
  // being learned stays. `before_use(afresh)` runs before the new learning replaces the old
  // one, which the search thread may be reading.
  std::optional<std::string> load_learning(const std::string& file, const std::function<void(bool afresh)>& before_use);
  // BookLearning: on needs a learn file.
  std::optional<std::string> set_learning(bool on);

  const PolyglotBook& book() const { return *book_; }
  const BookLearning& learning() const { return *learning_; }

  // The move to offer in `pos`: none when no book is open, the game is past settings.max_ply,
  // or no entry is a candidate. Weighted by what learning learned, while it is on.
  BookChoice choose(const Position& pos, const BookSettings& settings);

  // What the game teaches, while learning is on. Each of the others returns the error of saving
  // the learn file when a record changed and it could not be written.
  // The engine played `m` from the book in `pos`, its check passed.
  void book_move_played(const Position& pos, Move m);
  // The engine played a move scored `score`: a searched move scores the line left; the book's
  // own move (book_move_played came first) does not.
  std::optional<std::string> move_played(int score);
  // The GUI set up `pos`: a game that ended there (mate, stalemate, a draw by rule) is the
  // result of the line being learned from.
  std::optional<std::string> position_set(const Position& pos);
  // A new game, or the GUI quits: the line being learned from is closed.
  std::optional<std::string> new_game();

 private:
  std::optional<std::string> save_if(bool changed) const;

  // Replaced whole, so that a file that fails to open or read leaves the one in use.
  std::unique_ptr<PolyglotBook> book_ = std::make_unique<PolyglotBook>();
  std::unique_ptr<BookLearning> learning_ = std::make_unique<BookLearning>();
  std::atomic<bool> learning_on_ = false;  // read by the search thread too
  bool from_book_ = false;                 // the move being played came from the book; search thread only
  std::mt19937_64 rng_{std::random_device{}()};
};

}  // namespace vireo
