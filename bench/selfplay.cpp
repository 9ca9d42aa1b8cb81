// Self-play driver: plays games between two UCI engines (two Vireo processes by default)
// under real clocks and writes them as PGN. It keeps the score a tournament operator cares
// about: illegal moves, time losses, crashes and stalls.
//
// Usage: selfplay --engine PATH [--engine2 PATH] [--games N] [--tc BASE+INC] [--concurrency N]
//                 [--random-plies N] [--random-depth N] [--random-margin CP] [--seed N] [--pgn FILE]
// --random-plies N: the first N plies are picked at random among the engine's own MultiPV
// lines within --random-margin cp (default 40) of the best at --random-depth (default 6),
// so games open like real ones but vary.
#include <fmt/format.h>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "engine_process.h"
#include "vireo/board/movegen.h"
#include "vireo/board/pgn.h"

using namespace vireo;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
  std::string engines[2];
  int games = 100;
  double base_s = 1.0, inc_s = 0.01;
  int concurrency = 1;
  int random_plies = 0;
  int random_depth = 6, random_margin = 40;
  std::uint64_t seed = 1;
  std::string pgn;
};

struct Tally {
  std::atomic<int> games{0}, white_wins{0}, black_wins{0}, draws{0};
  std::atomic<int> illegal{0}, time_losses{0}, crashes{0}, stalls{0};
};

struct GameRecord {
  std::vector<Move> moves;
  std::string result = "*", termination;
};

struct Player {
  std::unique_ptr<test::EngineProcess> proc;
  std::string path;
  bool start() {
    proc = std::make_unique<test::EngineProcess>(path);
    proc->send("uci");
    if (!proc->wait_for("uciok", 5000)) return false;
    proc->send("isready");
    return bool(proc->wait_for("readyok", 5000));
  }
};

std::string position_command(const std::vector<Move>& moves) {
  std::string s = "position startpos";
  if (!moves.empty()) s += " moves";
  for (Move m : moves) s.append(" ").append(m.to_uci());
  return s;
}

// The engine's MultiPV lines within a margin of its best, for a varied but sound opening.
Move random_opening_move(Player& p, const Position& pos, const std::vector<Move>& moves, const Config& cfg,
                         std::mt19937_64& rng) {
  p.proc->send("setoption name MultiPV value 5");
  p.proc->send(position_command(moves));
  p.proc->send(fmt::format("go depth {}", cfg.random_depth));
  std::vector<std::pair<int, Move>> lines;
  while (auto line = p.proc->read_line(10000)) {
    if (line->rfind("bestmove", 0) == 0) break;
    std::istringstream in(*line);
    std::string tok, pv;
    int depth = 0, score = 0;
    bool cp = false;
    while (in >> tok) {
      if (tok == "depth")
        in >> depth;
      else if (tok == "cp")
        in >> score, cp = true;
      else if (tok == "pv") {
        in >> pv;
        break;
      }
    }
    if (depth == cfg.random_depth && cp && !pv.empty()) lines.emplace_back(score, parse_uci_move(pos, pv));
  }
  p.proc->send("setoption name MultiPV value 1");
  if (lines.empty()) return Move::none();
  int best = lines[0].first;
  for (auto& l : lines) best = std::max(best, l.first);
  std::vector<Move> good;
  for (auto& l : lines)
    if (l.second && l.first >= best - cfg.random_margin) good.push_back(l.second);
  return good.empty() ? Move::none() : good[std::uniform_int_distribution<std::size_t>(0, good.size() - 1)(rng)];
}

GameRecord play_game(Player (&players)[2], int white, const Config& cfg, Tally& tally, std::mt19937_64& rng) {
  GameRecord g;
  Position pos;
  double clock_ms[2] = {cfg.base_s * 1000, cfg.base_s * 1000};
  for (Player& p : players) p.proc->send("ucinewgame");
  while (true) {
    const Color stm = pos.side_to_move();
    if (legal_moves(pos).empty()) {
      g.result = pos.in_check() ? (stm == WHITE ? "0-1" : "1-0") : "1/2-1/2";
      g.termination = pos.in_check() ? "checkmate" : "stalemate";
      return g;
    }
    if (pos.is_draw(0) || pos.has_insufficient_material() || g.moves.size() >= 600) {
      g.result = "1/2-1/2";
      g.termination = pos.has_insufficient_material() ? "insufficient material" : "draw rule";
      return g;
    }
    Player& p = players[stm == WHITE ? white : 1 - white];
    const std::string loses = stm == WHITE ? "0-1" : "1-0";
    if (int(g.moves.size()) < cfg.random_plies) {
      Move m = random_opening_move(p, pos, g.moves, cfg, rng);
      if (m) {
        g.moves.push_back(m);
        pos.make_move(m);
        continue;
      }
    }
    p.proc->send(position_command(g.moves));
    const long inc = long(cfg.inc_s * 1000);
    p.proc->send(
        fmt::format("go wtime {} btime {} winc {} binc {}", long(clock_ms[WHITE]), long(clock_ms[BLACK]), inc, inc));
    const auto start = Clock::now();
    // Allow the clock plus a second of grace before calling it a stall.
    auto best = p.proc->wait_for("bestmove", int(clock_ms[stm]) + 1000);
    const double used = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (!best) {
      (p.proc->eof() ? tally.crashes : tally.stalls)++;
      g.result = loses;
      g.termination = p.proc->eof() ? "crash" : "stall";
      p.start();
      return g;
    }
    clock_ms[stm] -= used;
    if (clock_ms[stm] < 0) {
      tally.time_losses++;
      g.result = loses;
      g.termination = "time forfeit";
      return g;
    }
    clock_ms[stm] += cfg.inc_s * 1000;
    std::istringstream in(*best);
    std::string word, text;
    in >> word >> text;
    const Move m = parse_uci_move(pos, text);
    if (!m) {
      tally.illegal++;
      g.result = loses;
      g.termination = "illegal move " + text;
      return g;
    }
    g.moves.push_back(m);
    pos.make_move(m);
  }
}

std::string to_pgn(const GameRecord& g, int round, const std::string& white, const std::string& black,
                   const Config& cfg) {
  std::string s = fmt::format(
      "[Event \"Vireo self-play\"]\n[Round \"{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{}\"]\n"
      "[TimeControl \"{}+{}\"]\n[Termination \"{}\"]\n\n",
      round, white, black, g.result, cfg.base_s, cfg.inc_s, g.termination);
  Position pos;
  std::string line;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    std::string tok = (i % 2 == 0 ? fmt::format("{}. ", i / 2 + 1) : "") + to_san(pos, g.moves[i]);
    if (line.size() + tok.size() > 78) {
      s += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + tok;
    pos.make_move(g.moves[i]);
  }
  return s + line + (line.empty() ? "" : " ") + g.result + "\n\n";
}

bool parse_args(int argc, char** argv, Config& cfg) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc) return false;
    std::string v = argv[++i];
    if (a == "--engine")
      cfg.engines[0] = v;
    else if (a == "--engine2")
      cfg.engines[1] = v;
    else if (a == "--games")
      cfg.games = std::stoi(v);
    else if (a == "--concurrency")
      cfg.concurrency = std::max(1, std::stoi(v));
    else if (a == "--random-plies")
      cfg.random_plies = std::stoi(v);
    else if (a == "--random-depth")
      cfg.random_depth = std::stoi(v);
    else if (a == "--random-margin")
      cfg.random_margin = std::stoi(v);
    else if (a == "--seed")
      cfg.seed = std::stoull(v);
    else if (a == "--pgn")
      cfg.pgn = v;
    else if (a == "--tc") {
      auto plus = v.find('+');
      cfg.base_s = std::stod(v.substr(0, plus));
      cfg.inc_s = plus == std::string::npos ? 0 : std::stod(v.substr(plus + 1));
    } else
      return false;
  }
  if (cfg.engines[1].empty()) cfg.engines[1] = cfg.engines[0];
  return !cfg.engines[0].empty();
}

}  // namespace

int main(int argc, char** argv) {
  Config cfg;
  try {
    if (!parse_args(argc, argv, cfg)) throw std::invalid_argument("bad arguments");
  } catch (const std::exception&) {
    std::fprintf(
        stderr,
        "usage: selfplay --engine PATH [--engine2 PATH] [--games N] [--tc BASE+INC] "
        "[--concurrency N] [--random-plies N] [--random-depth N] [--random-margin CP] [--seed N] [--pgn FILE]\n");
    return 2;
  }
  Tally tally;
  std::mutex out_mutex;
  std::ofstream pgn;
  if (!cfg.pgn.empty()) pgn.open(cfg.pgn, std::ios::app);
  std::atomic<int> next_game{0};
  auto worker = [&](int id) {
    std::mt19937_64 rng(cfg.seed * 1000003 + std::uint64_t(id));
    Player players[2] = {{nullptr, cfg.engines[0]}, {nullptr, cfg.engines[1]}};
    for (Player& p : players)
      if (!p.start()) {
        tally.crashes++;
        return;
      }
    for (int n = next_game++; n < cfg.games; n = next_game++) {
      const int white = n % 2;  // engines alternate colours
      GameRecord g = play_game(players, white, cfg, tally, rng);
      (g.result == "1-0" ? tally.white_wins : g.result == "0-1" ? tally.black_wins : tally.draws)++;
      const int done = ++tally.games;
      std::lock_guard lock(out_mutex);
      if (pgn) pgn << to_pgn(g, n + 1, fmt::format("engine{}", white + 1), fmt::format("engine{}", 2 - white), cfg);
      if (done % 50 == 0 || done == cfg.games)
        std::fprintf(stderr, "%d/%d games, +%d -%d =%d (white/black/draw)\n", done, cfg.games, tally.white_wins.load(),
                     tally.black_wins.load(), tally.draws.load());
    }
    for (Player& p : players) p.proc->send("quit");
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < cfg.concurrency; ++i) threads.emplace_back(worker, i);
  for (auto& t : threads) t.join();
  std::printf(
      "games %d: white wins %d, black wins %d, draws %d; illegal moves %d, time losses %d, crashes %d, stalls %d\n",
      tally.games.load(), tally.white_wins.load(), tally.black_wins.load(), tally.draws.load(), tally.illegal.load(),
      tally.time_losses.load(), tally.crashes.load(), tally.stalls.load());
  return tally.illegal + tally.time_losses + tally.crashes + tally.stalls == 0 ? 0 : 1;
}
