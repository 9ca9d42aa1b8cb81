#include "vireo/book/book_learn.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "vireo/util/files.h"

namespace vireo {

double LearnRecord::value() const {
  const std::uint32_t results = wins + draws + losses;
  const double balance = results ? (double(wins) - double(losses)) / results : 0.0;
  return mean_score() / 100.0 + balance;
}

double LearnRecord::factor() const {
  if (games >= 3 && value() <= -1.5) return 0.0;
  return std::clamp(std::exp2(value()), 0.125, 4.0);
}

namespace {

// The next field of a record, all of it a number of type T (of `digits` digits, if given):
// from_chars takes no '+', and no '-' for an unsigned T, so "-1" is no count.
template <class T>
bool read_field(std::istringstream& fields, T& value, int base = 10, std::size_t digits = 0) {
  std::string text;
  if (!(fields >> text) || (digits && text.size() != digits)) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  return ec == std::errc() && end == text.data() + text.size();
}

// A record line; the error says what is wrong with it. Polyglot promotes to pieces 1..4
// (N, B, R, Q): a move with promotion bits 5..7 is no move.
std::optional<std::string> parse_record(const std::string& line, BookLearning::Key& key, LearnRecord& r) {
  std::istringstream fields(line);
  std::string rest;
  if (!read_field(fields, key.first, 16, 16)) return std::string("a bad key");
  if (!read_field(fields, key.second) || ((key.second >> 12) & 7) > 4) return std::string("a bad move");
  if (!read_field(fields, r.games) || !read_field(fields, r.score_sum) || !read_field(fields, r.wins) ||
      !read_field(fields, r.draws) || !read_field(fields, r.losses) || (fields >> rest))
    return std::string("a malformed record");
  return std::nullopt;
}

}  // namespace

std::optional<std::string> BookLearning::load(const std::string& path) {
  std::lock_guard lock(mutex_);
  path_ = path;
  records_.clear();
  line_.reset();
  std::ifstream in;
  if (auto err = open_input_file(in, path, "learn file")) return err;
  std::map<Key, LearnRecord> read;
  std::string line;
  int number = 0;
  auto bad = [&](const std::string& why) { return fmt::format("learn file '{}' line {}: {}", path, number, why); };
  if (!std::getline(in, line) || (++number, line != "vireo-book-learn 1")) return bad("not a Vireo learn file");
  while (std::getline(in, line)) {
    ++number;
    std::istringstream fields(line);
    std::string first;
    fields >> first;
    if (first == "end") {
      std::size_t count = 0;
      std::string rest;
      if (!(fields >> count) || (fields >> rest) || count != read.size()) return bad("the record count does not match");
      if (std::getline(in, line)) return bad("data after the end");
      records_ = std::move(read);
      return std::nullopt;
    }
    Key key;
    LearnRecord r;
    if (auto why = parse_record(line, key, r)) return bad(*why);
    if (!read.emplace(key, r).second) return bad("a record given twice");
  }
  return bad("truncated: no end line");
}

std::optional<std::string> BookLearning::save() const {
  std::lock_guard lock(mutex_);
  if (path_.empty()) return std::string("no learn file is set");
  std::string text = "vireo-book-learn 1\n";
  for (const auto& [k, r] : records_)
    text +=
        fmt::format("{:016x} {} {} {} {} {} {}\n", k.first, k.second, r.games, r.score_sum, r.wins, r.draws, r.losses);
  text += fmt::format("end {}\n", records_.size());
  return write_file_atomically(path_, text, "learn file");
}

void BookLearning::book_move_played(std::uint64_t key, std::uint16_t move, int color) {
  std::lock_guard lock(mutex_);
  line_ = Key{key, move};
  color_ = color;
  scores_.clear();
  recorded_ = false;
  last_score_ = 0;
}

bool BookLearning::finish_line() {
  if (!line_ || recorded_ || scores_.empty()) return false;
  long long sum = 0;
  for (int s : scores_) sum += s;
  LearnRecord& r = records_[*line_];
  r.games++;
  r.score_sum += std::llround(double(sum) / double(scores_.size()));
  recorded_ = true;
  return true;
}

bool BookLearning::searched_move(int score_cp) {
  std::lock_guard lock(mutex_);
  if (!line_) return false;
  last_score_ = score_cp;
  if (recorded_) return false;
  scores_.push_back(score_cp);
  return int(scores_.size()) >= MOVES_OUT_OF_BOOK && finish_line();
}

bool BookLearning::game_over(int result) {
  std::lock_guard lock(mutex_);
  if (!line_) return false;
  finish_line();
  LearnRecord& r = records_[*line_];
  (result > 0 ? r.wins : result < 0 ? r.losses : r.draws)++;
  line_.reset();
  return true;
}

bool BookLearning::new_game() {
  std::lock_guard lock(mutex_);
  if (!line_) return false;
  bool changed = finish_line();
  if (std::abs(last_score_) >= RESIGNABLE_CP) {
    LearnRecord& r = records_[*line_];
    (last_score_ > 0 ? r.wins : r.losses)++;
    changed = true;
  }
  line_.reset();
  return changed;
}

std::optional<int> BookLearning::learning_color() const {
  std::lock_guard lock(mutex_);
  return line_ ? std::optional<int>(color_) : std::nullopt;
}

std::optional<LearnRecord> BookLearning::find(std::uint64_t key, std::uint16_t move) const {
  std::lock_guard lock(mutex_);
  auto it = records_.find(Key{key, move});
  return it == records_.end() ? std::nullopt : std::optional<LearnRecord>(it->second);
}

double BookLearning::factor(std::uint64_t key, std::uint16_t move) const {
  const auto r = find(key, move);
  return r ? r->factor() : 1.0;
}

std::vector<std::pair<BookLearning::Key, LearnRecord>> BookLearning::records() const {
  std::lock_guard lock(mutex_);
  return {records_.begin(), records_.end()};
}

std::vector<std::string> describe_learning(const BookLearning& learning) {
  static const char* const FILES = "abcdefgh";
  auto square = [](unsigned sq) { return fmt::format("{}{}", FILES[sq & 7], (sq >> 3) + 1); };
  std::vector<std::string> lines;
  for (const auto& [k, r] : learning.records()) {
    const unsigned promo = (k.second >> 12) & 7;
    const std::string move =
        square((k.second >> 6) & 63) + square(k.second & 63) + (promo ? std::string(1, " nbrq"[promo]) : "");
    lines.push_back(fmt::format("{:016x} {:<6} games {} mean {:+.2f} won {} drawn {} lost {} factor {:.2f}{}", k.first,
                                move, r.games, r.mean_score() / 100.0, r.wins, r.draws, r.losses, r.factor(),
                                r.factor() == 0 ? " (phased out)" : ""));
  }
  lines.push_back(fmt::format("{} learned book moves in {}", lines.size(), learning.path()));
  return lines;
}

}  // namespace vireo
