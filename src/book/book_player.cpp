#include "vireo/book/book_player.h"

#include <fmt/format.h>
#include <filesystem>
#include <utility>

#include "vireo/board/movegen.h"

namespace vireo {

std::optional<std::string> BookPlayer::open(bool own_book, const std::string& file) {
  auto fresh = std::make_unique<PolyglotBook>();
  if (own_book && !file.empty())
    if (auto err = fresh->open(file))
      return *err + (book_->is_open() ? fmt::format("; keeping '{}'", book_->path()) : "; playing without a book");
  book_ = std::move(fresh);
  return std::nullopt;
}

std::optional<std::string> BookPlayer::load_learning(const std::string& file,
                                                     const std::function<void(bool afresh)>& before_use) {
  if (file.empty() && learning_on_) return std::string("BookLearning is on: turn it off before clearing BookLearnFile");
  auto fresh = std::make_unique<BookLearning>();
  bool exists = false;
  if (!file.empty()) {
    std::error_code ec;
    exists = std::filesystem::exists(file, ec);
    // A missing file fails to load too, but it is where learning starts.
    if (auto err = fresh->load(file); err && exists) return *err;
  }
  before_use(!file.empty() && !exists);
  learning_ = std::move(fresh);
  return std::nullopt;
}

std::optional<std::string> BookPlayer::set_learning(bool on) {
  if (on && learning_->path().empty()) return std::string("BookLearning needs a BookLearnFile to keep what it learns");
  learning_on_ = on;
  return std::nullopt;
}

BookChoice BookPlayer::choose(const Position& pos, const BookSettings& settings) {
  if (!book_->is_open() || pos.game_ply() >= settings.max_ply) return {};
  return book_->choose(pos, settings.selection, rng_, settings.min_weight / 100.0,
                       learning_on_ ? learning_.get() : nullptr);
}

void BookPlayer::book_move_played(const Position& pos, Move m) {
  from_book_ = true;
  if (learning_on_) learning_->book_move_played(pos.key(), PolyglotBook::encode_move(pos, m), pos.side_to_move());
}

std::optional<std::string> BookPlayer::move_played(int score) {
  if (std::exchange(from_book_, false) || !learning_on_) return std::nullopt;
  return save_if(learning_->searched_move(score));
}

std::optional<std::string> BookPlayer::position_set(const Position& pos) {
  const auto color = learning_->learning_color();
  if (!learning_on_ || !color) return std::nullopt;
  int result = 0;
  if (legal_moves(pos).size() == 0)
    result = !pos.in_check() ? 0 : pos.side_to_move() == *color ? -1 : 1;
  else if (!pos.is_draw(0) && !pos.has_insufficient_material())
    return std::nullopt;
  return save_if(learning_->game_over(result));
}

std::optional<std::string> BookPlayer::new_game() {
  if (!learning_on_) return std::nullopt;
  return save_if(learning_->new_game());
}

std::optional<std::string> BookPlayer::save_if(bool changed) const {
  if (!changed) return std::nullopt;
  return learning_->save();
}

}  // namespace vireo
