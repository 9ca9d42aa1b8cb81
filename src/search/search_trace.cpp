#include "vireo/search/search_trace.h"

namespace vireo {

void SearchTrace::open(const TraceNode& entry) {
  // A node under one not kept is not kept either, so every kept node's parent is kept.
  if (nodes_.size() >= max_nodes_ || (!open_.empty() && current() < 0)) {
    open_.push_back(-1);
    ++dropped_;
  } else {
    TraceNode n = entry;
    n.parent = current();
    n.reduction = next_reduction_;
    n.research = next_research_;
    open_.push_back(int(nodes_.size()));
    nodes_.push_back(n);
  }
  next_reduction_ = 0;
  next_research_ = false;
}

void SearchTrace::close(int score) {
  if (open_.empty()) return;
  if (const int id = open_.back(); id >= 0) nodes_[id].score = score;
  open_.pop_back();
}

void SearchTrace::tt_hit() {
  if (current() >= 0) nodes_[current()].tt_hit = true;
}

void SearchTrace::event(Stat s) {
  if (current() >= 0) nodes_[current()].event = s;
}

void SearchTrace::pruned(Move move, Stat why) {
  if (current() < 0) return;
  if (nodes_.size() >= max_nodes_) {
    ++dropped_;
    return;
  }
  TraceNode n;
  n.parent = current();
  n.move = move;
  n.pruned = true;
  n.event = why;
  nodes_.push_back(n);
}

}  // namespace vireo
