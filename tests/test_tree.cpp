#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <map>
#include <regex>

#include "test_util.h"
#include "vireo/tools/tree.h"

using namespace vireo;

namespace {

// The root's score is the best of its moves' scores, each move's last search counting (a
// reduced or null-window search may be followed by a re-search).
int best_child_score(const TreeRun& run, Move& best) {
  std::map<std::uint16_t, int> last;
  std::vector<Move> order;
  for (const TraceNode& n : run.nodes) {
    if (n.parent != 0 || n.pruned || n.singular_test || n.null_move) continue;
    if (!last.count(n.move.raw())) order.push_back(n.move);
    last[n.move.raw()] = -n.score;
  }
  int score = -SCORE_INFINITE;
  for (Move m : order)
    if (last[m.raw()] > score) score = last[m.raw()], best = m;
  return score;
}

}  // namespace

TEST_CASE("the recorded tree's root agrees with the search's result", "[tree]") {
  const char* fens[] = {
      "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  // mate in 1
      "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",        // a few moves, mates
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  // Qxf7#
  };
  for (const char* fen : fens)
    for (int depth = 1; depth <= 4; ++depth) {
      INFO(fen << " depth " << depth);
      const TreeRun run = run_tree(test::from_fen(fen), depth, 0);
      REQUIRE(run.nodes.size() > 1);
      REQUIRE(run.dropped == 0);
      const TraceNode& root = run.nodes[0];
      CHECK(root.parent == -1);
      CHECK(root.score == run.result.score);
      Move best;
      CHECK(best_child_score(run, best) == root.score);
      CHECK(best == run.result.best);
      for (const TraceNode& n : run.nodes) {
        if (n.pruned) continue;
        CHECK(n.parent < int(&n - run.nodes.data()));  // parents come first
        CHECK(n.score != SCORE_NONE);                  // nothing aborted in a depth-limited search
      }
    }
  const TreeRun mate = run_tree(test::from_fen(fens[0]), 2, 0);
  CHECK(mate.result.best.to_uci() == "a1a8");
  CHECK(mate.nodes[0].score == mate_in(1));
}

TEST_CASE("DOT output: every node drawn once, folded beyond the limit", "[tree]") {
  const Position pos = test::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  const TreeRun run = run_tree(pos, 3, 0);
  const std::string all = tree_dot(pos, run, run.nodes.size());
  CHECK(all.rfind("digraph search {", 0) == 0);
  CHECK(all.substr(all.size() - 2) == "}\n");
  const std::regex node_line(R"(\n  n\d+ \[label=)");
  const auto count = [&](const std::string& s) {
    return std::distance(std::sregex_iterator(s.begin(), s.end(), node_line), std::sregex_iterator());
  };
  CHECK(count(all) == long(run.nodes.size()));
  CHECK(all.find("folded") == std::string::npos);
  const std::string some = tree_dot(pos, run, 12);
  CHECK(count(some) == 12);
  CHECK(some.find("more nodes folded") != std::string::npos);
  CHECK(all.find("pruned: ") != std::string::npos);  // a depth-3 middlegame search prunes something
}

TEST_CASE("the HTML page is self-contained and holds every node", "[tree]") {
  const Position pos = test::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const TreeRun run = run_tree(pos, 2, 0);
  const std::string html = tree_html(pos, run);
  CHECK(html.find("<script>") != std::string::npos);
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("href=") == std::string::npos);
  CHECK(html.find(fmt::format("{} nodes recorded", run.nodes.size())) != std::string::npos);
}

TEST_CASE("node counts: minimax is perft, alpha-beta and ordering cut it down", "[tree]") {
  const Position start = test::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const auto rows = compare_searches(start, 3);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].leaves == 8902);  // perft(3)
  CHECK(rows[0].nodes == 1 + 20 + 400 + 8902);
  CHECK(rows[1].leaves < rows[0].leaves);
  CHECK(rows[2].leaves <= rows[1].leaves);
  CHECK(rows[3].nodes > 0);
  CHECK(minimal_leaves(20, 3) == Approx(419));
  CHECK(minimal_leaves(20, 4) == Approx(799));
}

TEST_CASE("tree requests: bad options and moves are refused", "[tree]") {
  TreeRequest r;
  CHECK(parse_tree_args({"--depth", "6"}, r).has_value());
  CHECK(parse_tree_args({"--frobnicate", "1"}, r).has_value());
  CHECK_FALSE(parse_tree_args({"--depth", "2", "--moves", "e2e4", "e7e5"}, r).has_value());
  CHECK(r.moves.size() == 2);
  TreeRequest bad;
  bad.moves = {"e2e5"};
  std::vector<std::string> lines;
  const Position start;
  CHECK(run_tree_request(start, bad, [&](const std::string& l) { lines.push_back(l); }).has_value());
  TreeRequest ok;
  ok.depth = 1;
  CHECK_FALSE(run_tree_request(start, ok, [&](const std::string& l) { lines.push_back(l); }).has_value());
  CHECK(lines.front().rfind("tree: bestmove ", 0) == 0);
  CHECK(lines.back() == "}");
}

TEST_CASE("tree options: a FEN in fields, unknown options named, '-' for printing", "[tree]") {
  const char* const fen = "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1";
  TreeRequest split;  // as typed at the UCI prompt: the FEN's six fields apart
  REQUIRE_FALSE(parse_tree_args({"--fen", "7k/8/6K1/8/8/8/8/6Q1", "w", "-", "-", "0", "1", "--depth", "1"}, split));
  CHECK(split.fen == fen);
  CHECK(split.depth == 1);
  TreeRequest whole;  // as a shell passes it quoted
  REQUIRE_FALSE(parse_tree_args({"--fen", fen, "--moves", "g1g7"}, whole));
  CHECK(whole.fen == fen);
  CHECK(whole.moves == std::vector<std::string>{"g1g7"});
  TreeRequest r;
  CHECK(parse_tree_args({"--bogus"}, r) == "unknown option '--bogus'");
  CHECK(parse_tree_args({"--dot"}, r) == "--dot needs a value");
  CHECK(parse_tree_args({"--fen", "--depth", "1"}, r) == "--fen needs a value");

  REQUIRE_FALSE(parse_tree_args({"--fen", fen, "--depth", "1", "--dot", "-"}, r));
  std::vector<std::string> lines;
  REQUIRE_FALSE(run_tree_request(Position(), r, [&](const std::string& l) { lines.push_back(l); }));
  REQUIRE(lines.size() > 2);
  CHECK(lines[0].rfind("tree: bestmove ", 0) == 0);
  CHECK(lines[1] == "digraph search {");
  CHECK(lines.back() == "}");
}
