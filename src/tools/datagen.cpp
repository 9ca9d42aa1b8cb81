#include "vireo/tools/datagen.h"

#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <mutex>
#include <random>
#include <thread>

#include "vireo/board/movegen.h"
#include "vireo/search/search.h"
#include "vireo/tools/cli.h"
#include "vireo/tools/training_data.h"

namespace vireo {

namespace {

// Adjudication. A side is declared the winner once the score has stood beyond WIN_SCORE for
// WIN_PLIES plies in a row: both engines' searches agreed, twice each, that the game is decided,
// so playing on would only add easy positions. A long quiet stretch near 0 after move 30 is a
// draw for the same reason; MAX_PLIES stops endless shuffling.
constexpr int WIN_SCORE = 1000;
constexpr int WIN_PLIES = 4;
constexpr int DRAW_SCORE = 10;
constexpr int DRAW_PLIES = 12;
constexpr int DRAW_MIN_PLY = 60;
constexpr int MAX_PLIES = 400;
constexpr std::size_t HASH_MB = 16;

std::atomic<bool> g_interrupted{false};
extern "C" void on_signal(int) { g_interrupted.store(true); }

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

double elapsed_s(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// What the worker threads share: the output file, the counters and the stop conditions.
struct Shared {
  Shared(const DatagenConfig& c, std::FILE* f) : cfg(c), file(f) {}

  const DatagenConfig& cfg;
  std::FILE* file;
  std::mutex mutex;
  std::atomic<std::uint64_t> next_game{0};
  std::atomic<std::uint64_t> games{0};
  std::atomic<std::uint64_t> positions{0};
  std::atomic<bool> write_failed{false};
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

  bool done() const {
    return g_interrupted.load() || write_failed.load() || (cfg.positions && positions.load() >= cfg.positions) ||
           (cfg.seconds > 0 && elapsed_s(start) >= cfg.seconds);
  }

  void commit(const std::vector<TrainingRecord>& records) {
    std::lock_guard lock(mutex);
    if (records.empty() || write_failed) return;
    if (std::fwrite(records.data(), sizeof(TrainingRecord), records.size(), file) != records.size() ||
        std::fflush(file) != 0) {
      write_failed = true;
      return;
    }
    positions += records.size();
    ++games;
  }
};

class GamePlayer {
 public:
  GamePlayer(Shared& shared, std::shared_ptr<const nnue::Network> net) : shared_(shared), searcher_(tt_) {
    tt_.resize(HASH_MB);
    searcher_.set_network(std::move(net));
  }

  // Plays game number `index`; returns its records with the result filled in, or nothing when
  // the opening was rejected or the run was stopped mid-game.
  std::optional<std::vector<TrainingRecord>> play(std::uint64_t index) {
    std::mt19937_64 rng(splitmix(shared_.cfg.seed ^ splitmix(index)));
    Position pos;
    if (!random_opening(pos, rng, shared_.cfg.random_plies + int(index & 1))) return std::nullopt;
    tt_.clear();
    searcher_.clear();
    if (std::abs(search(pos).score) > shared_.cfg.opening_margin) return std::nullopt;

    std::vector<TrainingRecord> records;
    int win_streak = 0, draw_streak = 0;
    std::optional<GameResult> result;
    while (!result) {
      if (shared_.done()) return std::nullopt;
      result = natural_result(pos);
      if (result) break;
      const SearchResult r = search(pos);
      const int white_score = pos.side_to_move() == WHITE ? r.score : -r.score;
      result = adjudicate(white_score, pos.game_ply(), win_streak, draw_streak);
      if (!pos.in_check() && !pos.is_capture(r.best) && r.best.kind() != Move::PROMOTION &&
          !is_mate_score(r.score))
        records.push_back(pack_record(pos, white_score));
      pos.make_move(r.best);
    }
    for (TrainingRecord& rec : records) rec.result = *result;
    return records;
  }

 private:
  static bool random_opening(Position& pos, std::mt19937_64& rng, int plies) {
    for (int i = 0; i < plies; ++i) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) return false;
      pos.make_move(moves[rng() % moves.size()].move);
    }
    return !legal_moves(pos).empty();
  }

  static std::optional<GameResult> natural_result(const Position& pos) {
    if (legal_moves(pos).empty())
      return !pos.in_check() ? RESULT_DRAW : pos.side_to_move() == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
    if (pos.is_draw(0) || pos.has_insufficient_material() || pos.game_ply() >= MAX_PLIES) return RESULT_DRAW;
    return std::nullopt;
  }

  static std::optional<GameResult> adjudicate(int white_score, int ply, int& win_streak, int& draw_streak) {
    if (std::abs(white_score) >= WIN_SCORE && (win_streak == 0 || (win_streak > 0) == (white_score > 0)))
      win_streak += white_score > 0 ? 1 : -1;
    else
      win_streak = 0;
    if (std::abs(win_streak) >= WIN_PLIES) return win_streak > 0 ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
    draw_streak = ply >= DRAW_MIN_PLY && std::abs(white_score) <= DRAW_SCORE ? draw_streak + 1 : 0;
    if (draw_streak >= DRAW_PLIES) return RESULT_DRAW;
    return std::nullopt;
  }

  SearchResult search(const Position& pos) {
    Limits limits;
    limits.nodes = shared_.cfg.nodes;
    TimeManager tm;
    SearchSignals signals;
    tt_.new_search();
    return searcher_.run(pos, limits, tm, signals, SearchListeners{}, 1);
  }

  Shared& shared_;
  TranspositionTable tt_;
  Searcher searcher_;
};

void worker(Shared& shared, std::shared_ptr<const nnue::Network> net) {
  GamePlayer player(shared, std::move(net));
  while (!shared.done()) {
    auto records = player.play(shared.next_game++);
    if (records) shared.commit(*records);
  }
}

void report(const Shared& s, bool final) {
  const double t = std::max(elapsed_s(s.start), 1e-3);
  const std::uint64_t n = s.positions.load();
  std::string eta;
  if (s.cfg.positions && n > 0 && !final)
    eta = fmt::format(", ETA {:.0f} s", double(s.cfg.positions - std::min(n, s.cfg.positions)) * t / double(n));
  std::fprintf(stderr, "datagen: %s%llu positions, %llu games, %.0f positions/s, %.0f s elapsed%s\n",
               final ? "done: " : "", (unsigned long long)n, (unsigned long long)s.games.load(), double(n) / t, t,
               eta.c_str());
}

template <class T>
bool parse_number(const std::string& s, T& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

std::optional<std::string> parse_datagen_args(const std::vector<std::string>& args, DatagenConfig& cfg) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (i + 1 >= args.size()) return fmt::format("{} needs a value", key);
    const std::string& v = args[++i];
    bool ok = true;
    if (key == "--out") cfg.out = v;
    else if (key == "--positions") ok = parse_number(v, cfg.positions);
    else if (key == "--time") ok = parse_number(v, cfg.seconds) && cfg.seconds >= 0;
    else if (key == "--threads") ok = parse_number(v, cfg.threads) && cfg.threads >= 1 && cfg.threads <= 256;
    else if (key == "--nodes") ok = parse_number(v, cfg.nodes) && cfg.nodes >= 1;
    else if (key == "--seed") ok = parse_number(v, cfg.seed);
    else if (key == "--random-plies") ok = parse_number(v, cfg.random_plies) && cfg.random_plies >= 0 && cfg.random_plies <= 40;
    else if (key == "--opening-margin") ok = parse_number(v, cfg.opening_margin) && cfg.opening_margin > 0;
    else if (key == "--eval") {
      ok = v == "nnue" || v == "hce";
      cfg.use_nnue = v == "nnue";
    }
    else if (key == "--net") cfg.net = v;
    else return fmt::format("unknown datagen option '{}'", key);
    if (!ok) return fmt::format("bad value '{}' for {}", v, key);
  }
  if (cfg.out.empty()) return std::string("datagen needs --out FILE");
  return std::nullopt;
}

DatagenStats run_datagen(const DatagenConfig& cfg) {
  std::shared_ptr<const nnue::Network> net;
  if (cfg.use_nnue && cfg.net.empty()) {
    net = nnue::embedded_network();
  } else if (cfg.use_nnue) {
    auto loaded = std::make_shared<nnue::Network>();
    if (auto err = nnue::load_file(cfg.net, *loaded)) throw std::runtime_error(*err);
    net = std::move(loaded);
  }
  std::FILE* file = std::fopen(cfg.out.c_str(), "ab");
  if (!file) throw std::runtime_error(fmt::format("cannot open '{}' for writing: {}", cfg.out, std::strerror(errno)));
  Shared shared(cfg, file);
  g_interrupted = false;
  auto old_int = std::signal(SIGINT, on_signal);
  auto old_term = std::signal(SIGTERM, on_signal);
  std::vector<std::thread> threads;
  for (int i = 0; i < cfg.threads; ++i) threads.emplace_back(worker, std::ref(shared), net);
  auto last = std::chrono::steady_clock::now();
  while (!shared.done()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (elapsed_s(last) >= 10) {
      report(shared, false);
      last = std::chrono::steady_clock::now();
    }
  }
  for (auto& t : threads) t.join();
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  std::fclose(file);
  if (shared.write_failed) throw std::runtime_error(fmt::format("writing '{}' failed", cfg.out));
  report(shared, true);
  return {shared.games.load(), shared.positions.load()};
}

int datagen_main(const std::vector<std::string>& args) {
  DatagenConfig cfg;
  if (auto err = parse_datagen_args(args, cfg)) return usage_error("datagen", *err, DATAGEN_USAGE);
  std::error_code ec;
  const auto size = std::filesystem::file_size(cfg.out, ec);
  if (!ec && size % sizeof(TrainingRecord) != 0) {
    std::fprintf(stderr, "datagen: error: '%s' is not a whole number of %zu-byte records; not appending to it\n",
                 cfg.out.c_str(), sizeof(TrainingRecord));
    return 1;
  }
  try {
    run_datagen(cfg);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "datagen: error: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace vireo
