#include "vireo/book/book.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vireo/board/movegen.h"

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

PolyglotBook::~PolyglotBook() { close(); }

void PolyglotBook::close() {
  if (data_) munmap(const_cast<unsigned char*>(data_), mapped_bytes_);
  data_ = nullptr;
  count_ = mapped_bytes_ = 0;
  path_.clear();
}

std::optional<std::string> PolyglotBook::open(const std::string& path) {
  close();
  // Non-blocking, so a FIFO given by mistake is refused below instead of waiting for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
  if (fd < 0) return fmt::format("cannot open book file '{}'", path);
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return fmt::format("book file '{}' is not a regular file", path);
  }
  const auto bytes = std::size_t(st.st_size);
  if (bytes == 0 || bytes % ENTRY_BYTES != 0) {
    ::close(fd);
    return fmt::format("book file '{}' is truncated or not a Polyglot book ({} bytes, not a multiple of 16)", path, bytes);
  }
  void* mem = mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (mem == MAP_FAILED) return fmt::format("cannot map book file '{}'", path);
  data_ = static_cast<const unsigned char*>(mem);
  mapped_bytes_ = bytes;
  count_ = bytes / ENTRY_BYTES;

  const std::size_t step = std::max<std::size_t>(1, count_ / SORT_SAMPLES);
  for (std::size_t i = step; i < count_; i += step)
    if (key_at(i - step) > key_at(i)) {
      close();
      return fmt::format("book file '{}' is not sorted by key", path);
    }
  path_ = path;
  return std::nullopt;
}

std::uint64_t PolyglotBook::key_at(std::size_t i) const { return read_be(data_ + i * ENTRY_BYTES, 8); }

PolyglotBook::Raw PolyglotBook::entry(std::size_t i) const {
  const unsigned char* p = data_ + i * ENTRY_BYTES;
  return {read_be(p, 8), std::uint16_t(read_be(p + 8, 2)), std::uint16_t(read_be(p + 10, 2)), std::uint32_t(read_be(p + 12, 4))};
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
  std::vector<BookEntry> out;
  if (!data_) return out;
  const Key key = pos.key();
  // First entry with key >= the position's key.
  std::size_t lo = 0, hi = count_;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (key_at(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  for (std::size_t i = lo; i < count_ && key_at(i) == key; ++i) {
    const Raw r = entry(i);
    const Move m = decode_move(pos, r.move);
    if (m) out.push_back({m, r.weight, r.learn});
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
