#include "vireo/search/tt.h"

#include <cstdlib>
#include <cstring>
#include <new>

#include "vireo/util/platform.h"

namespace vireo {

namespace {

int score_to_tt(int score, int ply) {
  if (score >= SCORE_TB_WIN_IN_MAX) return score + ply;
  if (score <= -SCORE_TB_WIN_IN_MAX) return score - ply;
  return score;
}

int score_from_tt(int score, int ply) {
  if (score == SCORE_NONE) return score;
  if (score >= SCORE_TB_WIN_IN_MAX) return score - ply;
  if (score <= -SCORE_TB_WIN_IN_MAX) return score + ply;
  return score;
}

// 16 bits that depend on every bit of an entry's data word.
std::uint16_t fold(std::uint64_t data) { return std::uint16_t((data * 0x9E3779B97F4A7C15ULL) >> 48); }

}  // namespace

TranspositionTable::Entry TranspositionTable::load(const Bucket& b, int i) {
  const std::uint64_t data = b.data[i].load(std::memory_order_relaxed);
  const std::uint64_t checks = b.checks.load(std::memory_order_relaxed);
  Entry e;
  e.key16 = std::uint16_t(checks >> (16 * i)) ^ fold(data);
  e.move = std::uint16_t(data);
  e.score = std::int16_t(data >> 16);
  e.eval = std::int16_t(data >> 32);
  e.depth = std::int8_t(data >> 48);
  e.gen_bound = std::uint8_t(data >> 56);
  return e;
}

void TranspositionTable::save(Bucket& b, int i, const Entry& e) {
  const std::uint64_t data = std::uint64_t(e.move) | std::uint64_t(std::uint16_t(e.score)) << 16 |
                             std::uint64_t(std::uint16_t(e.eval)) << 32 | std::uint64_t(std::uint8_t(e.depth)) << 48 |
                             std::uint64_t(e.gen_bound) << 56;
  b.data[i].store(data, std::memory_order_relaxed);
  // Another thread may write this word for another entry at the same time; the entry that
  // loses its check then reads as a miss, which costs a search, not a wrong answer.
  const std::uint64_t mask = 0xFFFFULL << (16 * i);
  const std::uint64_t check = std::uint64_t(std::uint16_t(e.key16 ^ fold(data))) << (16 * i);
  b.checks.store((b.checks.load(std::memory_order_relaxed) & ~mask) | check, std::memory_order_relaxed);
}

void TranspositionTable::FreeDeleter::operator()(Bucket* p) const { free_aligned(p); }

TranspositionTable::TranspositionTable() { resize(16); }

bool TranspositionTable::resize(std::size_t mb) {
  if (mb == 0 || mb > MAX_MB) return false;
  // A table larger than the machine's memory would "succeed" under overcommit and then be
  // killed while clearing it; refuse it up front and keep the current table.
  const std::uint64_t memory = physical_memory_bytes();
  if (memory > 0 && mb * 1024 * 1024 > memory) return false;
  const std::size_t count = mb * 1024 * 1024 / sizeof(Bucket);
  void* mem = allocate_aligned(64, count * sizeof(Bucket));
  if (!mem) return false;
  table_.reset(static_cast<Bucket*>(mem));
  count_ = count;
  mb_ = mb;
  clear();
  return true;
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(table_.get()), 0, count_ * sizeof(Bucket));
  generation_ = 0;
}

bool TranspositionTable::probe(Key key, int ply, TTData& out) const {
  const Bucket& b = *bucket_of(key);
  const auto key16 = std::uint16_t(key);
  for (int i = 0; i < 3; ++i) {
    const Entry e = load(b, i);
    if (e.key16 != key16 || !(e.gen_bound & 3)) continue;
    out.move = Move::from_raw(e.move);
    out.score = score_from_tt(e.score, ply);
    out.eval = e.eval;
    out.depth = e.depth;
    out.bound = Bound(e.gen_bound & 3);
    out.pv = e.gen_bound & 4;
    return true;
  }
  return false;
}

void TranspositionTable::store(Key key, int ply, Move move, int score, int eval, int depth, Bound bound, bool pv) {
  Bucket& b = *bucket_of(key);
  const auto key16 = std::uint16_t(key);
  const Entry entries[3] = {load(b, 0), load(b, 1), load(b, 2)};
  int r = 0;
  for (int i = 0; i < 3; ++i) {
    const Entry& e = entries[i];
    if (e.key16 == key16 || !(e.gen_bound & 3)) {
      r = i;
      break;
    }
    // Prefer to overwrite shallow entries and those left over from earlier searches.
    if (e.depth - 8 * age(e) < entries[r].depth - 8 * age(entries[r])) r = i;
  }
  Entry e = entries[r];
  const bool same = e.key16 == key16 && (e.gen_bound & 3);
  // Keep a deeper result for the same position unless the new one is exact or the old is stale.
  if (same && bound != BOUND_EXACT && depth + 4 < e.depth && age(e) == 0) return;
  if (move || !same) e.move = move.raw();
  e.key16 = key16;
  e.score = std::int16_t(score_to_tt(score, ply));
  e.eval = std::int16_t(eval);
  e.depth = std::int8_t(depth);
  e.gen_bound = std::uint8_t(generation_ | (pv ? 4 : 0) | bound);
  save(b, r, e);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t sample = count_ < 1000 ? count_ : 1000;
  for (std::size_t i = 0; i < sample; ++i)
    for (int k = 0; k < 3; ++k) {
      const Entry e = load(table_[i], k);
      used += (e.gen_bound & 3) && (e.gen_bound & GENERATION_MASK) == generation_;
    }
  return int(used * 1000 / (sample * 3));
}

}  // namespace vireo
