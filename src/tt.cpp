#include "vireo/tt.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <new>

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

}  // namespace

void TranspositionTable::FreeDeleter::operator()(Bucket* p) const { std::free(p); }

TranspositionTable::TranspositionTable() { resize(16); }

bool TranspositionTable::resize(std::size_t mb) {
  if (mb == 0 || mb > MAX_MB) return false;
  // A table larger than the machine's memory would "succeed" under overcommit and then be
  // killed while clearing it; refuse it up front and keep the current table.
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page_size > 0 && mb * 1024 * 1024 > std::size_t(pages) * std::size_t(page_size)) return false;
  const std::size_t count = mb * 1024 * 1024 / sizeof(Bucket);
  void* mem = std::aligned_alloc(64, count * sizeof(Bucket));
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
  const Bucket* b = bucket_of(key);
  const auto key16 = std::uint16_t(key);
  for (const Entry& e : b->entries) {
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
  Bucket* b = bucket_of(key);
  const auto key16 = std::uint16_t(key);
  Entry* replace = &b->entries[0];
  for (Entry& e : b->entries) {
    if (e.key16 == key16 || !(e.gen_bound & 3)) {
      replace = &e;
      break;
    }
    // Prefer to overwrite shallow entries and those left over from earlier searches.
    if (e.depth - 8 * age(e) < replace->depth - 8 * age(*replace)) replace = &e;
  }
  const bool same = replace->key16 == key16 && (replace->gen_bound & 3);
  // Keep a deeper result for the same position unless the new one is exact or the old is stale.
  if (same && bound != BOUND_EXACT && depth + 4 < replace->depth && age(*replace) == 0) return;
  if (move || !same) replace->move = move.raw();
  replace->key16 = key16;
  replace->score = std::int16_t(score_to_tt(score, ply));
  replace->eval = std::int16_t(eval);
  replace->depth = std::int8_t(depth);
  replace->gen_bound = std::uint8_t(generation_ | (pv ? 4 : 0) | bound);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t sample = count_ < 1000 ? count_ : 1000;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Entry& e : table_[i].entries)
      used += (e.gen_bound & 3) && (e.gen_bound & GENERATION_MASK) == generation_;
  return int(used * 1000 / (sample * 3));
}

}  // namespace vireo
