#include "vireo/book/book.h"

#include <fmt/format.h>

#include "vireo/board/movegen.h"
#include "vireo/util/files.h"

namespace vireo {

namespace {

constexpr std::size_t ENTRY_BYTES = 16;
// Sortedness is checked on this many evenly spaced entries at open: a full scan would read a
// huge book in full, and an unsorted file fails the sample all but surely.
constexpr std::size_t SORT_SAMPLES = 4096;

std::uint64_t read_be(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

}  // namespace

void PolyglotBook::close() {
  if (file_.is_open()) file_.close();
  file_.clear();
  count_ = 0;
  path_.clear();
}

std::optional<std::string> PolyglotBook::open(const std::string& path) {
  close();
  // A probe reads 16 bytes here and there: a buffer would be refilled for each of them.
  file_.rdbuf()->pubsetbuf(nullptr, 0);
  if (auto err = open_input_file(file_, path, "book file", std::ios::binary)) return err;
  const auto bytes = file_bytes();
  if (!bytes || *bytes == 0 || *bytes % ENTRY_BYTES != 0) {
    close();
    return fmt::format("book file '{}' is truncated or not a Polyglot book ({} bytes, not a multiple of 16)", path,
                       bytes.value_or(0));
  }
  count_ = std::size_t(*bytes / ENTRY_BYTES);
  if (!sample_sorted()) {
    close();
    return fmt::format("book file '{}' is not sorted by key", path);
  }
  path_ = path;
  return std::nullopt;
}

std::optional<std::uint64_t> PolyglotBook::file_bytes() const {
  file_.clear();
  if (!file_.is_open() || !file_.seekg(0, std::ios::end)) return std::nullopt;
  const std::streamoff end = file_.tellg();
  if (end < 0) return std::nullopt;
  return std::uint64_t(end);
}

// Another program may truncate or rewrite the file while the engine has it open; a book whose
// size changed is not the book that was checked, and gives nothing.
bool PolyglotBook::same_size_as_opened() const { return file_bytes() == std::uint64_t(count_) * ENTRY_BYTES; }

bool PolyglotBook::sample_sorted() const {
  const std::size_t step = std::max<std::size_t>(1, count_ / SORT_SAMPLES);
  std::optional<Raw> previous = entry(0);
  for (std::size_t i = step; previous && i < count_; i += step) {
    const std::optional<Raw> next = entry(i);
    if (!next || previous->key > next->key) return false;
    previous = next;
  }
  return previous.has_value();
}

std::optional<PolyglotBook::Raw> PolyglotBook::entry(std::size_t i) const {
  unsigned char p[ENTRY_BYTES];
  file_.clear();
  if (!file_.seekg(std::streamoff(i * ENTRY_BYTES)) || !file_.read(reinterpret_cast<char*>(p), ENTRY_BYTES))
    return std::nullopt;
  return Raw{read_be(p, 8), std::uint16_t(read_be(p + 8, 2)), std::uint16_t(read_be(p + 10, 2)),
             std::uint32_t(read_be(p + 12, 4))};
}

Move PolyglotBook::decode_move(const Position& pos, std::uint16_t raw) {
  const Square to = make_square(raw & 7, (raw >> 3) & 7);
  const Square from = make_square((raw >> 6) & 7, (raw >> 9) & 7);
  const int promo = (raw >> 12) & 7;
  std::string text = square_to_string(from) + square_to_string(to);
  if (promo >= 1 && promo <= 4) text += " nbrq"[promo];
  // Castling is written as the king taking its own rook, which parse_uci_move reads too.
  return parse_uci_move(pos, text);
}

std::uint16_t PolyglotBook::encode_move(const Position& pos, Move m) {
  const Square from = m.from(), to = m.kind() == Move::CASTLING ? pos.castling_rook(m) : m.to();
  int promo = m.kind() == Move::PROMOTION ? m.promotion() - KNIGHT + 1 : 0;
  return std::uint16_t(file_of(to) | rank_of(to) << 3 | file_of(from) << 6 | rank_of(from) << 9 | promo << 12);
}

std::vector<BookEntry> PolyglotBook::probe(const Position& pos) const {
  if (!is_open() || !same_size_as_opened()) return {};
  const Key key = pos.key();
  // First entry with key >= the position's key.
  std::size_t lo = 0, hi = count_;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const std::optional<Raw> e = entry(mid);
    if (!e) return {};  // the file was cut while we read it
    if (e->key < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  std::vector<BookEntry> out;
  for (std::size_t i = lo; i < count_; ++i) {
    const std::optional<Raw> e = entry(i);
    if (!e) return {};
    if (e->key != key) break;
    if (const Move m = decode_move(pos, e->move)) out.push_back({m, e->weight, e->learn});
  }
  return out;
}

BookChoice PolyglotBook::choose(const Position& pos, BookSelection selection, std::mt19937_64& rng, double min_share,
                                const BookLearning* learning) const {
  const auto entries = probe(pos);
  std::uint64_t all = 0;
  for (const auto& e : entries) all += e.weight;
  // Moves too rare to trust are not candidates (their weight is not shared out either); what
  // was learned scales the rest, and a learned factor of 0 takes a move out.
  std::vector<std::pair<const BookEntry*, double>> candidates;
  double total = 0;
  for (const auto& e : entries) {
    if (e.weight == 0 || double(e.weight) < min_share * double(all)) continue;
    const double w = e.weight * (learning ? learning->factor(pos.key(), encode_move(pos, e.move)) : 1.0);
    if (w <= 0) continue;
    candidates.emplace_back(&e, w);
    total += w;
  }
  if (candidates.empty()) return {};  // nothing left, or every entry weighted zero: Polyglot's "never play"
  auto share = [&](const BookEntry* e) { return BookChoice{e->move, double(e->weight) / double(all)}; };
  if (selection == BookSelection::Best)
    return share(std::max_element(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
                   return a.second < b.second;
                 })->first);
  double pick = std::uniform_real_distribution<double>(0, total)(rng);
  for (const auto& [e, w] : candidates) {
    if (pick < w) return share(e);
    pick -= w;
  }
  return share(candidates.back().first);
}

}  // namespace vireo
