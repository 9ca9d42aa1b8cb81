// The book's part in a `go`: whether the book may answer it at all, and the book move offered,
// which the engine checks with a short search before playing it (Engine::go). Which move the
// book holds, and what learning makes of it, is the book's (book/book_player.h).
#pragma once

#include <optional>

#include "vireo/book/book_player.h"
#include "vireo/search/search_settings.h"
#include "vireo/search/timeman.h"

namespace vireo {

// A book move offered for a `go`: it is searched alone first, so that the GUI sees a real
// score for it, and with a check depth the whole position too (Book Check Depth/Margin).
struct BookOffer {
  Move move;
  int check_depth = 0;  // 0: no check, the move alone is searched to BOOK_SCORE_DEPTH
  int margin = 0;       // centipawns the move may score below the check's best
  double share = 0;     // of the position's book weight, 0..1, for the report
};

// What became of an offered book move. The scores are the side to move's, 0 where the search
// was stopped before finishing a depth.
struct BookVerdict {
  Move move;
  bool played = false;
  int score = 0;       // the book move's
  int best_score = 0;  // the check's best move's (with a check depth)
  int depth = 0;       // of the check
};

// The book move's own search: deep enough for a meaningful score, short enough to cost a few
// milliseconds at most, and it stops earlier on a short clock.
inline constexpr int BOOK_SCORE_DEPTH = 8;

// The book answers only a game's clock: analysis (depth, nodes, mate, movetime, infinite,
// pondering, searchmoves, several lines, or `analysing`: UCI_AnalyseMode) asks for a search.
bool book_may_answer(const Limits& limits, const SearchSettings& settings, bool analysing);

// The book move to offer for a `go` of `limits` in `pos`, if the book may answer it and holds one.
std::optional<BookOffer> offer_book_move(BookPlayer& book, const BookSettings& book_settings, const Position& pos,
                                         const Limits& limits, const SearchSettings& settings, bool analysing);

}  // namespace vireo
