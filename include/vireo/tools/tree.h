// The search-tree explorer (`vireo tree`, UCI `tree`): runs the real search on a small depth
// with a trace attached and draws what it walked (Graphviz DOT, SVG through `dot`, or one
// self-contained HTML page), and compares the node counts of minimax, alpha-beta without and
// with Vireo's move ordering, and the full search.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vireo/search/search.h"

namespace vireo {

struct TreeRun {
  SearchResult result;
  std::vector<TraceNode> nodes;  // nodes[0] is the root
  std::size_t dropped = 0;       // nodes searched beyond the trace's capacity
};

// Searches `root` to `depth` (node_limit 0: none) on one thread with the embedded network.
TreeRun run_tree(const Position& root, int depth, std::uint64_t node_limit, std::size_t capacity = 200000);

// DOT of the tree, at most `max_drawn` nodes (breadth first); each node whose children did not
// all fit gets one box that counts the nodes folded under it.
std::string tree_dot(const Position& root, const TreeRun& run, std::size_t max_drawn);
// A page with the whole tree, folding and unfolding node by node, details on hover.
std::string tree_html(const Position& root, const TreeRun& run);

struct TreeCount {
  std::string method;
  std::uint64_t nodes = 0;   // every position visited
  std::uint64_t leaves = 0;  // positions evaluated at the depth limit (0 for the full search)
};
// Minimax, alpha-beta in generation order, alpha-beta with Vireo's ordering (TT-less, killers
// and history learned on the way), and Vireo's search, all to `depth`.
std::vector<TreeCount> compare_searches(const Position& root, int depth);
// Knuth and Moore's minimal tree: b^ceil(d/2) + b^floor(d/2) - 1 leaves for branching factor b.
double minimal_leaves(double b, int depth);
std::string compare_table(const Position& root, int depth);

// What `vireo tree` and the UCI `tree` command are asked: the position (a FEN, the start
// position or the session's, then moves), the search, and where the pictures go (none: the DOT
// as text), or the node-count comparison instead.
struct TreeRequest {
  std::string fen;
  std::vector<std::string> moves;
  int depth = 3;
  std::uint64_t nodes = 0;
  std::size_t max_drawn = 150;
  std::string dot, svg, html;
  bool compare = false;
};
inline constexpr const char* TREE_USAGE =
    "[--fen FEN] [--moves M...] [--depth 1-5] [--nodes N] [--dot FILE] [--svg FILE] [--html FILE] "
    "[--max-drawn N] [--compare]";
std::optional<std::string> parse_tree_args(const std::vector<std::string>& args, TreeRequest& r);

using TreeOutput = std::function<void(const std::string&)>;
// Runs `r` from `root` (or r.fen), printing through `out`; an error says what went wrong.
std::optional<std::string> run_tree_request(const Position& root, const TreeRequest& r, const TreeOutput& out);

// The command line: vireo tree [options as TREE_USAGE], from the start position by default.
int tree_main(const std::vector<std::string>& args);

}  // namespace vireo
