#include "vireo/tools/tree.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <deque>
#include <fstream>
#include <optional>

#include "vireo/board/movegen.h"
#include "vireo/board/pgn.h"
#include "vireo/engine/engine.h"
#include "vireo/eval/evaluate.h"
#include "vireo/search/history.h"
#include "vireo/search/movepick.h"
#include "vireo/tools/usage.h"
#include "vireo/util/platform.h"

namespace vireo {

TreeRun run_tree(const Position& root, int depth, std::uint64_t node_limit, std::size_t capacity) {
  Engine engine;
  SearchTrace trace(capacity);
  engine.set_trace(&trace);
  Limits limits;
  limits.depth = depth;
  limits.nodes = node_limit;
  TreeRun run;
  run.result = engine.search_sync(root, limits);
  engine.set_trace(nullptr);
  run.nodes = trace.nodes();
  run.dropped = trace.dropped();
  return run;
}

namespace {

std::string score_text(int s) {
  if (s == SCORE_NONE) return "?";
  if (s >= SCORE_INFINITE) return "+inf";
  if (s <= -SCORE_INFINITE) return "-inf";
  if (is_mate_score(s))
    return fmt::format("{}#{}", s > 0 ? "" : "-", s > 0 ? (SCORE_MATE - s + 1) / 2 : (SCORE_MATE + s) / 2);
  return fmt::format("{:+}", s);
}

// PV, cut or all by what the node returned against its window; Q for quiescence.
std::string node_type(const TraceNode& n) {
  if (n.pruned) return "pruned";
  if (n.score == SCORE_NONE) return "aborted";
  if (n.qsearch) return "Q";
  return n.score >= n.beta ? "cut" : n.score <= n.alpha ? "all" : "PV";
}

std::string event_text(Stat s) {
  std::string t(stat_name(s));
  std::replace(t.begin(), t.end(), '_', ' ');
  return t;
}

// The move of every node in SAN, found by replaying the tree from the root.
std::vector<std::string> move_names(const Position& root, const std::vector<TraceNode>& nodes,
                                    const std::vector<std::vector<int>>& children) {
  std::vector<std::string> names(nodes.size(), "root");
  Position pos = root;
  auto walk = [&](auto&& self, int id) -> void {
    for (int c : children[id]) {
      const TraceNode& n = nodes[c];
      if (n.singular_test) {
        names[c] = "without " + to_san(pos, n.move);
        self(self, c);
      } else if (n.null_move) {
        names[c] = "(null)";
        pos.make_null_move();
        self(self, c);
        pos.unmake_null_move();
      } else if (n.move) {
        names[c] = to_san(pos, n.move);
        if (n.pruned) continue;
        pos.make_move(n.move);
        self(self, c);
        pos.unmake_move(n.move);
      }
    }
  };
  if (!nodes.empty()) walk(walk, 0);
  return names;
}

std::vector<std::vector<int>> children_of(const std::vector<TraceNode>& nodes) {
  std::vector<std::vector<int>> children(nodes.size());
  for (std::size_t i = 1; i < nodes.size(); ++i)
    if (nodes[i].parent >= 0) children[nodes[i].parent].push_back(int(i));
  return children;
}

// The lines that describe a node: its move and depth, window and result, type and marks.
std::vector<std::string> describe(const TraceNode& n, const std::string& name) {
  std::vector<std::string> lines;
  if (n.pruned) return {name, "pruned: " + event_text(n.event)};
  lines.push_back(n.qsearch ? name + "  (quiescence)" : fmt::format("{}  depth {}", name, n.depth));
  lines.push_back(fmt::format("[{}, {}] -> {}", score_text(n.alpha), score_text(n.beta), score_text(n.score)));
  std::string marks = node_type(n);
  if (n.tt_hit) marks += ", TT hit";
  if (n.reduction) marks += fmt::format(", reduced {}", n.reduction);
  if (n.research) marks += ", re-search";
  if (n.event != STAT_COUNT) marks += ", " + event_text(n.event);
  lines.push_back(marks);
  return lines;
}

std::string dot_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string tree_dot(const Position& root, const TreeRun& run, std::size_t max_drawn) {
  const auto& nodes = run.nodes;
  const auto children = children_of(nodes);
  const auto names = move_names(root, nodes, children);
  // Subtree sizes, children after parents in index order, so from the back.
  std::vector<std::size_t> size(nodes.size(), 1);
  for (std::size_t i = nodes.size(); i-- > 1;)
    if (nodes[i].parent >= 0) size[nodes[i].parent] += size[i];

  std::vector<bool> drawn(nodes.size(), false);
  std::deque<int> queue;
  if (!nodes.empty()) queue.push_back(0);
  for (std::size_t count = 0; !queue.empty() && count < max_drawn; ++count) {
    const int id = queue.front();
    queue.pop_front();
    drawn[id] = true;
    for (int c : children[id]) queue.push_back(c);
  }

  std::string dot = "digraph search {\n  rankdir=TB;\n  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n";
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!drawn[i]) continue;
    const TraceNode& n = nodes[i];
    std::string label;
    for (const std::string& line : describe(n, names[i])) label += dot_escape(line) + "\\n";
    const std::string type = node_type(n);
    const char* style = n.pruned        ? "style=dashed, color=gray60, fontcolor=gray40"
                        : type == "PV"  ? "style=\"bold,filled\", fillcolor=\"#e3f4e1\", color=\"#2e7d32\""
                        : type == "cut" ? "color=\"#c62828\", penwidth=1.6"
                        : type == "Q"   ? "shape=ellipse, color=gray50"
                                        : "color=\"#1f4e8c\"";
    dot += fmt::format("  n{} [label=\"{}\", {}];\n", i, label, style);
    if (n.parent >= 0)
      dot += fmt::format("  n{} -> n{}{};\n", n.parent, i, n.pruned ? " [style=dashed, color=gray60]" : "");
    std::size_t folded = 0;
    for (int c : children[i])
      if (!drawn[c]) folded += size[c];
    if (folded)
      dot += fmt::format(
          "  f{} [label=\"{} more nodes folded\", shape=note, color=gray50, fontcolor=gray40];\n"
          "  n{} -> f{} [style=dotted, color=gray50];\n",
          i, folded, i, i);
  }
  if (run.dropped) dot += fmt::format("  dropped [label=\"{} nodes not recorded\", shape=plaintext];\n", run.dropped);
  return dot + "}\n";
}

std::string tree_html(const Position& root, const TreeRun& run) {
  const auto& nodes = run.nodes;
  const auto children = children_of(nodes);
  const auto names = move_names(root, nodes, children);
  std::string data = "[";
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    std::string details;
    for (const std::string& line : describe(nodes[i], names[i]))
      details += (details.empty() ? "" : "\\n") + dot_escape(line);
    data += fmt::format("{}[{},\"{}\",\"{}\",\"{}\"]", i ? "," : "", nodes[i].parent, dot_escape(names[i]),
                        node_type(nodes[i]), details);
  }
  data += "]";
  // The layout is computed in the page: a node's children stack below it, one row each, so
  // unfolding a node pushes the rows under it down. Click folds or unfolds; hover shows details.
  return fmt::format(R"(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Vireo search tree</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
svg text {{ font-size: 12px; cursor: pointer; }}
.PV {{ fill: #2e7d32; font-weight: bold; }} .cut {{ fill: #c62828; }} .all {{ fill: #1f4e8c; }}
.Q {{ fill: #666; }} .pruned {{ fill: #999; font-style: italic; }} .aborted {{ fill: #999; }}
</style></head><body>
<h3>Vireo search tree: {} nodes recorded, depth {}, best move {}, score {}</h3>
<p>Click a move to fold or unfold it; hover for its window, result and what pruned or reduced it.
Green: PV, red: cut (fail high), blue: all (fail low), grey: quiescence or pruned.</p>
<svg id="tree" xmlns="http://www.w3.org/2000/svg" width="100%"></svg>
<script>
const N = {};
const kids = N.map(() => []);
N.forEach((n, i) => {{ if (n[0] >= 0) kids[n[0]].push(i); }});
const open = new Set([0]);
const svg = document.getElementById('tree');
function draw() {{
  svg.innerHTML = '';
  let row = 0;
  const place = (i, level) => {{
    const y = 18 + 18 * row++;
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    const more = kids[i].length ? (open.has(i) ? '\u25BE ' : '\u25B8 ') : '  ';
    t.setAttribute('x', 10 + 22 * level);
    t.setAttribute('y', y);
    t.setAttribute('class', N[i][2]);
    t.textContent = more + N[i][1] + '  ' + N[i][3].split('\n')[1] + (kids[i].length ? '  (' + kids[i].length + ')' : '');
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = N[i][3];
    t.appendChild(title);
    t.addEventListener('click', () => {{ open.has(i) ? open.delete(i) : open.add(i); draw(); }});
    svg.appendChild(t);
    if (open.has(i)) kids[i].forEach(k => place(k, level + 1));
  }};
  if (N.length) place(0, 0);
  svg.setAttribute('height', 30 + 18 * row);
}}
draw();
</script></body></html>
)",
                     nodes.size(), run.result.depth, run.result.best ? run.result.best.to_uci() : "(none)",
                     score_text(run.result.score), data);
}

namespace {

// The textbook searches the comparison runs: the hand-written evaluation at the leaves, no
// quiescence, no TT; mates and stalemates scored as the search scores them.
class PlainSearch {
 public:
  enum Kind { MINIMAX, ALPHA_BETA, ORDERED };
  PlainSearch(const Position& root, Kind kind) : pos_(root), kind_(kind), hist_(std::make_unique<Histories>()) {}

  TreeCount run(int depth, const char* method) {
    search(depth, 0, -SCORE_INFINITE, SCORE_INFINITE);
    return {method, nodes_, leaves_};
  }

 private:
  int search(int depth, int ply, int alpha, int beta) {
    ++nodes_;
    if (depth == 0) {
      ++leaves_;
      return evaluate(pos_);
    }
    std::vector<Move> moves;
    if (kind_ == ORDERED) {
      PieceToHistory* empty = hist_->continuation_of(NO_PIECE, A1);
      MovePicker picker(pos_, Move::none(), *hist_, ContinuationTables{empty, empty, empty}, killers_[ply],
                        Move::none());
      for (Move m = picker.next(); m; m = picker.next()) moves.push_back(m);
    } else {
      for (const ExtMove& e : legal_moves(pos_)) moves.push_back(e.move);
    }
    if (moves.empty()) return pos_.in_check() ? mated_in(ply) : SCORE_DRAW;
    int best = -SCORE_INFINITE;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      pos_.make_move(m);
      const int score = -search(depth - 1, ply + 1, -beta, -alpha);
      pos_.unmake_move(m);
      best = std::max(best, score);
      if (kind_ == MINIMAX) continue;
      alpha = std::max(alpha, score);
      if (alpha >= beta) {
        if (kind_ == ORDERED && !pos_.is_capture(m)) learn(ply, depth, m, moves, i);
        break;
      }
    }
    return best;
  }

  // A quiet move that cut off becomes a killer and gains history; the quiets before it lose.
  void learn(int ply, int depth, Move cut, const std::vector<Move>& moves, std::size_t index) {
    PieceToHistory* empty = hist_->continuation_of(NO_PIECE, A1);
    const ContinuationTables cont{empty, empty, empty};
    const Color us = pos_.side_to_move();
    killers_[ply].add(cut);
    hist_->update_quiet(us, pos_.moved_piece(cut), cut, cont, 32 * depth * depth);
    for (std::size_t i = 0; i < index; ++i)
      if (!pos_.is_capture(moves[i]))
        hist_->update_quiet(us, pos_.moved_piece(moves[i]), moves[i], cont, -32 * depth * depth);
  }

  Position pos_;
  Kind kind_;
  std::unique_ptr<Histories> hist_;
  std::array<Killers, MAX_PLY + 1> killers_{};
  std::uint64_t nodes_ = 0, leaves_ = 0;
};

}  // namespace

std::vector<TreeCount> compare_searches(const Position& root, int depth) {
  std::vector<TreeCount> rows;
  rows.push_back(PlainSearch(root, PlainSearch::MINIMAX).run(depth, "minimax"));
  rows.push_back(PlainSearch(root, PlainSearch::ALPHA_BETA).run(depth, "alpha-beta, generation order"));
  rows.push_back(PlainSearch(root, PlainSearch::ORDERED).run(depth, "alpha-beta, Vireo's ordering"));
  Engine engine;
  Limits limits;
  limits.depth = depth;
  rows.push_back({"Vireo's search (all iterations)", engine.search_sync(root, limits).nodes, 0});
  return rows;
}

double minimal_leaves(double b, int depth) { return std::pow(b, (depth + 1) / 2) + std::pow(b, depth / 2) - 1; }

std::string compare_table(const Position& root, int depth) {
  const std::vector<TreeCount> rows = compare_searches(root, depth);
  // The branching factor of the full-width tree: the d-th root of its leaf count.
  const double b = std::pow(double(std::max<std::uint64_t>(rows[0].leaves, 1)), 1.0 / depth);
  std::string out = fmt::format("{:<34} {:>12} {:>12}\n", "depth " + std::to_string(depth), "nodes", "leaves");
  for (const TreeCount& r : rows)
    out += fmt::format("{:<34} {:>12} {:>12}\n", r.method, r.nodes, r.leaves ? std::to_string(r.leaves) : "-");
  out +=
      fmt::format("{:<34} {:>12} {:>12.0f}\n", fmt::format("best case, b = {:.1f}", b), "-", minimal_leaves(b, depth));
  return out;
}

namespace {

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return bool(out);
}

// Graphviz's `dot`, run without a shell so that no file name needs quoting.
bool run_dot(const std::string& dot_path, const std::string& svg_path) {
  return run_program({"dot", "-Tsvg", dot_path, "-o", svg_path});
}

}  // namespace

namespace {

// The words after args[i] up to the next option, i left on the last: --moves takes a list,
// and --fen its six fields when they come apart (typed at the UCI prompt, or unquoted).
std::vector<std::string> words_to_next_option(const std::vector<std::string>& args, std::size_t& i) {
  std::vector<std::string> words;
  while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) words.push_back(args[++i]);
  return words;
}

// One option with a value; nullopt when `key` is not one of these, else its error, if any.
std::optional<std::optional<std::string>> set_tree_value(const std::string& key, const std::string& v, TreeRequest& r) {
  using R = std::optional<std::optional<std::string>>;
  auto number = [&](long long lo, long long hi) -> std::optional<long long> {
    long long n = 0;
    auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || ptr != v.data() + v.size() || n < lo || n > hi) return std::nullopt;
    return n;
  };
  if (key == "--dot")
    r.dot = v;
  else if (key == "--svg")
    r.svg = v;
  else if (key == "--html")
    r.html = v;
  else if (key == "--depth") {
    if (auto n = number(1, 5))
      r.depth = int(*n);
    else
      return R{fmt::format("--depth takes 1 to 5, not '{}'", v)};
  } else if (key == "--nodes") {
    if (auto n = number(1, 100000000))
      r.nodes = std::uint64_t(*n);
    else
      return R{fmt::format("--nodes takes a positive number, not '{}'", v)};
  } else if (key == "--max-drawn") {
    if (auto n = number(1, 100000))
      r.max_drawn = std::size_t(*n);
    else
      return R{fmt::format("--max-drawn takes a positive number, not '{}'", v)};
  } else {
    return std::nullopt;
  }
  return R{std::optional<std::string>{}};
}

// Prints `text` through `out`, a line at a time.
void print_lines(std::string text, const TreeOutput& out) {
  for (std::size_t at; (at = text.find('\n')) != std::string::npos; text.erase(0, at + 1)) out(text.substr(0, at));
}

// `text` to the file `path`, or printed when the path is "-"; false when it cannot be written.
bool emit(const std::string& path, const std::string& text, const TreeOutput& out) {
  if (path != "-") return write_file(path, text);
  print_lines(text, out);
  return true;
}

}  // namespace

std::optional<std::string> parse_tree_args(const std::vector<std::string>& args, TreeRequest& r) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "--compare") {
      r.compare = true;
      continue;
    }
    if (key == "--moves") {
      for (std::string& m : words_to_next_option(args, i)) r.moves.push_back(std::move(m));
      continue;
    }
    if (key == "--fen") {
      const std::vector<std::string> fields = words_to_next_option(args, i);
      if (fields.empty()) return std::string("--fen needs a value");
      r.fen = fmt::format("{}", fmt::join(fields, " "));
      continue;
    }
    const std::string v = i + 1 < args.size() ? args[i + 1] : "";
    const auto result = set_tree_value(key, v, r);
    if (!result) return fmt::format("unknown option '{}'", key);
    if (i + 1 >= args.size()) return fmt::format("{} needs a value", key);
    if (*result) return **result;
    ++i;
  }
  return std::nullopt;
}

std::optional<std::string> run_tree_request(const Position& root, const TreeRequest& r, const TreeOutput& out) {
  Position pos = root;
  if (!r.fen.empty())
    if (auto err = pos.set_fen(r.fen)) return "bad FEN: " + *err;
  for (const std::string& text : r.moves) {
    const Move m = parse_uci_move(pos, text);
    if (!m) return fmt::format("'{}' is not a legal move here", text);
    pos.make_move(m);
  }
  if (r.compare) {
    print_lines(compare_table(pos, r.depth), out);
    return std::nullopt;
  }
  const TreeRun run = run_tree(pos, r.depth, r.nodes);
  out(fmt::format("tree: bestmove {} score {}, {} nodes recorded",
                  run.result.best ? run.result.best.to_uci() : "(none)", score_text(run.result.score),
                  run.nodes.size()));
  const std::string dot = tree_dot(pos, run, r.max_drawn);
  const std::string dot_path = !r.dot.empty() ? r.dot : !r.svg.empty() ? r.svg + ".dot" : "";
  if (!dot_path.empty() && !emit(dot_path, dot, out)) return fmt::format("cannot write '{}'", dot_path);
  if (!r.svg.empty() && !run_dot(dot_path, r.svg))
    return fmt::format("dot -Tsvg failed (is graphviz installed?); the DOT is in {}", dot_path);
  // The DOT was only the SVG's source, unless it was asked for too.
  if (!r.svg.empty() && r.dot.empty()) std::remove(dot_path.c_str());
  if (!r.html.empty() && !emit(r.html, tree_html(pos, run), out)) return fmt::format("cannot write '{}'", r.html);
  if (r.dot.empty() && r.svg.empty() && r.html.empty()) print_lines(dot, out);
  return std::nullopt;
}

int tree_main(const std::vector<std::string>& args) {
  TreeRequest r;
  auto err = parse_tree_args(args, r);
  if (!err) {
    Position start;
    err = run_tree_request(start, r, [](const std::string& line) { std::printf("%s\n", line.c_str()); });
    if (err) {
      std::fprintf(stderr, "tree: error: %s\n", err->c_str());
      return 1;
    }
    return 0;
  }
  return usage_error("tree", *err, TREE_USAGE);
}

}  // namespace vireo
