#include "vireo/uci/uci.h"

#include <fmt/format.h>

#include "vireo/board/movegen.h"
#include "vireo/eval/evaluate.h"
#include "vireo/eval/wdl.h"
#include "vireo/tools/bench.h"
#include "vireo/tools/tree.h"
#include "vireo/util/version.h"

namespace vireo::uci {

namespace {

constexpr std::string_view ENGINE_AUTHOR = "the Vireo developers";
constexpr std::string_view EMBEDDED_NET = "<embedded>";

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace

std::string format_score(int score) {
  if (score >= SCORE_MATE_IN_MAX) return fmt::format("mate {}", (SCORE_MATE - score + 1) / 2);
  if (score <= -SCORE_MATE_IN_MAX) return fmt::format("mate {}", -(SCORE_MATE + score) / 2);
  return fmt::format("cp {}", score);
}

std::string format_info(const SearchInfo& info, const Position& root, bool chess960, bool show_wdl) {
  std::string s = fmt::format("info depth {} seldepth {} multipv {} score {}", info.depth, info.seldepth, info.multipv,
                              format_score(info.score));
  if (show_wdl) {
    const WinDrawLoss w = win_draw_loss(info.score, wdl_material(root));
    s += fmt::format(" wdl {} {} {}", w.win, w.draw, w.loss);
  }
  if (info.bound == BOUND_LOWER) s += " lowerbound";
  if (info.bound == BOUND_UPPER) s += " upperbound";
  const std::uint64_t nps = info.nodes * 1000 / std::uint64_t(std::max<TimePoint>(info.time_ms, 1));
  s += fmt::format(" nodes {} nps {} hashfull {} tbhits {} time {}", info.nodes, nps, info.hashfull, info.tbhits,
                   info.time_ms);
  if (!info.pv.empty()) {
    s += " pv";
    for (Move m : info.pv) {
      s += ' ';
      s += move_to_uci(root, m, chess960);
    }
  }
  return s;
}

std::string format_bestmove(const SearchResult& r, const Position& root, bool chess960) {
  if (!r.best) return "bestmove (none)";
  const std::string best = move_to_uci(root, r.best, chess960);
  if (r.ponder) return fmt::format("bestmove {} ponder {}", best, move_to_uci(root, r.ponder, chess960));
  return "bestmove " + best;
}

Session::Session(Output out, std::string default_book)
    : out_([this, out = std::move(out)](const std::string& line) {
        log_.write(false, line);
        out(line);
      }),
      default_book_(std::move(default_book)) {
  register_options();
  if (auto err = book_.open(true, default_book_)) error(*err);
  SearchListeners listeners;
  // The engine's position is the search's root: it changes only once the search has stopped.
  listeners.on_info = [this](const SearchInfo& info) {
    out_(format_info(info, engine_.position(), chess960_, show_wdl_));
  };
  listeners.on_currmove = [this](Move m, int number) {
    out_(fmt::format("info currmove {} currmovenumber {}", move_to_uci(engine_.position(), m, chess960_), number));
  };
  listeners.on_stats = [this](const DepthStats& d, const SearchCounters* previous) {
    out_("info string " + format_stats(d, previous));
  };
  auto on_bestmove = [this](const SearchResult& r) {
    out_(format_bestmove(r, engine_.position(), chess960_));
    if (r.best)
      if (auto err = book_.move_played(r.score)) error(*err);
  };
  engine_.set_listeners(std::move(listeners), on_bestmove, [this](const BookVerdict& v) { report_book(v); });
}

Session::~Session() { engine_.stop(); }

void Session::register_options() {
  register_engine_options();
  register_book_options();
  register_evaluation_options();
  register_tunable_options(options_);
}

// The search, its output and its strength.
void Session::register_engine_options() {
  options_.add_spin(
      "Hash", 16, 1, TranspositionTable::MAX_MB, [this](const std::string& v) -> std::optional<std::string> {
        const std::size_t mb = std::stoull(v);
        if (!engine_.set_hash_mb(mb))
          return fmt::format("cannot allocate {} MB for the hash table, keeping {} MB", mb, engine_.hash_mb());
        return std::nullopt;
      });
  options_.add_spin("Threads", 1, 1, 1024, [this](const std::string& v) -> std::optional<std::string> {
    return engine_.set_threads(std::stoi(v));
  });
  options_.bind_spin("MultiPV", settings_.multipv, 1, 256);
  options_.add_check("Ponder", false);
  // Only the notation of castling depends on it: FEN in either form is read in both modes.
  options_.add_check("UCI_Chess960", false, [this](const std::string& v) -> std::optional<std::string> {
    chess960_ = v == "true";
    return std::nullopt;
  });
  // Win/draw/loss per mille beside each score, from the model of include/vireo/eval/wdl.h.
  options_.add_check("UCI_ShowWDL", false, [this](const std::string& v) -> std::optional<std::string> {
    show_wdl_ = v == "true";
    return std::nullopt;
  });
  // Counters of the search (move ordering, TT, pruning), one `info string stats` per iteration.
  options_.bind_check("SearchStats", settings_.stats);
  // Weaker play for people.
  options_.bind_check("UCI_LimitStrength", settings_.limit_strength);
  options_.bind_spin("UCI_Elo", settings_.elo, StrengthLimit::MIN_ELO, StrengthLimit::MAX_ELO);
  options_.bind_spin("Move Overhead", settings_.move_overhead, 0, 5000);
  options_.add_button("Clear Hash", [this](const std::string&) -> std::optional<std::string> {
    engine_.clear_hash();
    return std::nullopt;
  });
  // Both sides of the conversation, timed, for reports of what a GUI did.
  options_.add_string("Debug Log File", "", [this](const std::string& v) { return log_.open(v); });
}

void Session::register_book_options() {
  // The book options: OwnBook false leaves the book to the GUI and probes nothing.
  options_.add_check("OwnBook", true,
                     [this](const std::string& v) { return book_.open(v == "true", options_.string("BookFile")); });
  // The default is the book really in use, so a GUI that sends the defaults back keeps it.
  options_.add_string("BookFile", default_book_,
                      [this](const std::string& v) { return book_.open(options_.check("OwnBook"), v); });
  options_.add_combo("Book Selection", "Weighted", {"Weighted", "Best"},
                     [this](const std::string& v) -> std::optional<std::string> {
                       book_settings_.selection = v == "Best" ? BookSelection::Best : BookSelection::Weighted;
                       return std::nullopt;
                     });
  // Leaving the book well: moves with too small a share of the weight are not candidates, and
  // a book move a short search finds bad is not played.
  options_.bind_spin("Book Min Weight", book_settings_.min_weight, 0, 100);
  // Book learning: off by default; what it learns goes to BookLearnFile, never into the book.
  // The file first: a GUI that sends the options in the order listed then names the file before
  // it turns learning on, which BookLearning refuses without one.
  options_.add_string("BookLearnFile", "", [this](const std::string& v) { return load_learning(v); });
  options_.add_check("BookLearning", false, [this](const std::string& v) { return book_.set_learning(v == "true"); });
  options_.bind_spin("Book Check Depth", book_settings_.check_depth, 0, 30);
  options_.bind_spin("Book Check Margin", book_settings_.check_margin, 0, 1000);
  options_.bind_spin("Book Depth", book_settings_.max_ply, 1, 1000);
  // Standard UCI: a GUI analysing sets it, and the book then leaves every answer to the search.
  options_.add_check("UCI_AnalyseMode", false);
}

// The evaluation and the tablebases that stand in for it near the end.
void Session::register_evaluation_options() {
  // UseNNUE false selects the hand-written evaluation: the baseline every net is measured by.
  options_.add_check("UseNNUE", true, [this](const std::string& v) -> std::optional<std::string> {
    engine_.set_network(v == "true" ? network_ : nullptr);
    return std::nullopt;
  });
  options_.add_string("EvalFile", std::string(EMBEDDED_NET), [this](const std::string& v) { return load_network(v); });
  // Syzygy tables: folders separated by ':'; how the search uses them, in the search's settings.
  options_.add_string("SyzygyPath", "", [this](const std::string& v) { return load_tablebases(v); });
  options_.bind_spin("SyzygyProbeDepth", settings_.tablebases.probe_depth, 1, 100);
  options_.bind_check("Syzygy50MoveRule", settings_.tablebases.rule50);
  options_.bind_spin("SyzygyProbeLimit", settings_.tablebases.probe_limit, 0, 7);
}

std::optional<std::string> Session::load_tablebases(const std::string& paths) {
  tablebase::LoadReport r;
  if (auto err = engine_.load_tablebases(paths, &r)) return *err + "; keeping the tables loaded before";
  if (!paths.empty())
    out_(fmt::format("info string Syzygy: {} WDL and {} DTZ tables, up to {} pieces", r.wdl_files, r.dtz_files,
                     r.max_pieces));
  return std::nullopt;
}

std::optional<std::string> Session::load_network(const std::string& file) {
  std::shared_ptr<const nnue::Network> net;
  if (file.empty() || file == EMBEDDED_NET) {
    net = nnue::embedded_network();
  } else {
    auto loaded = std::make_shared<nnue::Network>();
    if (auto err = nnue::load_file(file, *loaded)) return *err + "; keeping the current network";
    net = std::move(loaded);
  }
  network_ = std::move(net);
  if (options_.check("UseNNUE")) engine_.set_network(network_);
  return std::nullopt;
}

// A learn file that does not exist yet is named, so that a mistyped path shows.
std::optional<std::string> Session::load_learning(const std::string& file) {
  return book_.load_learning(file, [this, &file](bool afresh) {
    if (afresh) out_(fmt::format("info string learn file '{}' does not exist yet: learning starts afresh", file));
    engine_.stop();  // the search thread reads the learning at its bestmove
  });
}

// Searchmoves ask for analysis even when none of them is legal (then the search has them all).
std::optional<BookOffer> Session::offer_book_move(const cmd::Go& c, const Limits& limits) {
  const Position& pos = engine_.position();
  const bool analysing = options_.check("UCI_AnalyseMode") || !c.searchmoves.empty();
  const auto offer = vireo::offer_book_move(book_, book_settings_, pos, limits, settings_, analysing);
  if (offer)
    book_note_ = fmt::format("{} weight {:.0f}% from {}", move_to_uci(pos, offer->move, chess960_), 100 * offer->share,
                             book_.book().path());
  return offer;
}

// On the search thread, before the bestmove: the book move played, or why it was not.
void Session::report_book(const BookVerdict& v) {
  const Position& pos = engine_.position();
  if (!v.played) {
    out_(
        fmt::format("info string book move {} scores {} against {} for the search's best at depth {}: leaving the book",
                    move_to_uci(pos, v.move, chess960_), format_score(v.score), format_score(v.best_score), v.depth));
    return;
  }
  book_.book_move_played(pos, v.move);
  out_("info string book move " + book_note_);
}

void Session::apply(const cmd::Book&) {
  const Position& pos = engine_.position();
  const auto entries = book_.book().probe(pos);
  for (const BookEntry& e : entries) {
    std::string line = fmt::format("{} {} {}", move_to_uci(pos, e.move, chess960_), e.weight, e.learn);
    if (const auto r = book_.learning().find(pos.key(), PolyglotBook::encode_move(pos, e.move)))
      line += fmt::format(" learned: games {} mean {:+.2f} won {} drawn {} lost {} factor {:.2f}", r->games,
                          r->mean_score() / 100.0, r->wins, r->draws, r->losses, r->factor());
    out_(line);
  }
  out_(fmt::format("Book entries: {}", entries.size()));
}

void Session::error(const std::string& message) { out_("info string error: " + message); }

bool Session::handle(std::string_view line) {
  log_.write(true, line);
  return std::visit(Overloaded{
                        [this](const cmd::Quit&) {
                          engine_.stop();
                          // A GUI quits after the last game without a ucinewgame: close the
                          // line being learned from as a new game would.
                          if (auto err = book_.new_game()) error(*err);
                          return false;
                        },
                        [this](const ParseError& e) {
                          error(e.message);
                          return true;
                        },
                        [](const cmd::Empty&) { return true; },
                        [this](const auto& c) {
                          apply(c);
                          return true;
                        },
                    },
                    parse(line));
}

void Session::apply(const cmd::Uci&) {
  out_(fmt::format("id name Vireo {}", version()));
  out_(fmt::format("id author {}", ENGINE_AUTHOR));
  for (const auto& line : options_.uci_lines()) out_(line);
  // A binary copied alone to another machine has no book to find: say so, where a GUI's engine
  // log shows it.
  if (default_book_.empty() && options_.check("OwnBook") && !book_.book().is_open())
    out_("info string no opening book found beside the executable: set BookFile to play from one");
  out_("uciok");
}

void Session::apply(const cmd::IsReady&) { out_("readyok"); }

void Session::apply(const cmd::NewGame&) {
  engine_.new_game();
  if (auto err = book_.new_game()) error(*err);
}

void Session::apply(const cmd::SetOption& c) {
  if (auto err = options_.set(c.name, c.value)) error(*err);
}

void Session::apply(const cmd::SetPosition& c) {
  Position pos;
  if (c.fen)
    if (auto err = pos.set_fen(*c.fen)) return error(*err + "; position unchanged");
  for (std::size_t i = 0; i < c.moves.size(); ++i) {
    Move m = parse_uci_move(pos, c.moves[i]);
    if (!m)
      return error(fmt::format("illegal move '{}' at move {} of position command; position unchanged",
                               c.moves[i].substr(0, 10), i + 1));
    pos.make_move(m);
  }
  engine_.set_position(pos);
  if (auto err = book_.position_set(pos)) error(*err);
}

void Session::apply(const cmd::Go& c) {
  if (c.perft_depth > 0) {
    engine_.stop();
    const TimePoint start = now_ms();
    PerftDivide d = engine_.perft(c.perft_depth);
    for (const auto& [m, n] : d.moves) out_(fmt::format("{}: {}", move_to_uci(engine_.position(), m, chess960_), n));
    const TimePoint ms = std::max<TimePoint>(1, now_ms() - start);
    out_("");
    out_(fmt::format("Nodes searched: {}", d.total));
    out_(fmt::format("info string perft {} ms, {} nps", ms, d.total * 1000 / std::uint64_t(ms)));
    return;
  }
  engine_.stop();
  Limits limits = c.limits;
  std::vector<std::string> bad;
  for (const std::string& text : c.searchmoves) {
    Move m = parse_uci_move(engine_.position(), text);
    if (m)
      limits.searchmoves.push_back(m);
    else
      bad.push_back(printable(text));
  }
  // One error line however much was wrong: the robustness contract is a line per command.
  std::vector<std::string> warnings = c.warnings;
  if (!bad.empty()) warnings.push_back(fmt::format("searchmoves ignores illegal moves: {}", fmt::join(bad, " ")));
  if (!warnings.empty()) error(fmt::format("{}", fmt::join(warnings, "; ")));
  engine_.go(limits, settings_, offer_book_move(c, limits));
}

void Session::apply(const cmd::Stop&) { engine_.stop(); }

void Session::apply(const cmd::PonderHit&) { engine_.ponderhit(); }

void Session::apply(const cmd::Display&) { out_(engine_.position().pretty()); }

void Session::apply(const cmd::Eval&) {
  const Position& pos = engine_.position();
  out_(eval_trace(pos));
  const int nnue = nnue::evaluate(*network_, pos);
  out_(fmt::format("NNUE evaluation: {:+.2f} (side to move), {:+.2f} (white side){}", nnue / 100.0,
                   (pos.side_to_move() == WHITE ? nnue : -nnue) / 100.0,
                   options_.check("UseNNUE") ? "  [in use]" : "  [UseNNUE is false: not in use]"));
}

void Session::apply(const cmd::Bench& c) {
  engine_.stop();
  BenchReport r = run_bench(c.depth > 0 ? c.depth : BENCH_DEFAULT_DEPTH, engine_.network(), out_, c.threads);
  (void)r;
}

// Like bench, on the command thread: the session answers again when the tree is written.
void Session::apply(const cmd::Tree& c) {
  engine_.stop();
  TreeRequest r;
  auto err = parse_tree_args(c.args, r);
  if (!err)
    err = run_tree_request(engine_.position(), r, [this](const std::string& line) { out_("info string " + line); });
  if (err) error("tree: " + *err);
}

}  // namespace vireo::uci
