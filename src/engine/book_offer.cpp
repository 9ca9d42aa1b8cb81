#include "vireo/engine/book_offer.h"

namespace vireo {

bool book_may_answer(const Limits& l, const SearchSettings& settings, bool analysing) {
  return l.uses_clock() && !l.depth && !l.nodes && !l.mate && !l.movetime && !l.infinite && !l.ponder &&
         l.searchmoves.empty() && settings.multipv == 1 && !analysing;
}

std::optional<BookOffer> offer_book_move(BookPlayer& book, const BookSettings& book_settings, const Position& pos,
                                         const Limits& limits, const SearchSettings& settings, bool analysing) {
  if (!book_may_answer(limits, settings, analysing)) return std::nullopt;
  const BookChoice choice = book.choose(pos, book_settings);
  if (!choice.move) return std::nullopt;
  return BookOffer{choice.move, book_settings.check_depth, book_settings.check_margin, choice.share};
}

}  // namespace vireo
