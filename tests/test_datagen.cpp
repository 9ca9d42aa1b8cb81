#include <catch2/catch.hpp>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "test_util.h"
#include "vireo/tools/datagen.h"
#include "vireo/tools/game_record.h"
#include "vireo/tools/training_data.h"

using namespace vireo;

namespace {

std::vector<TrainingRecord> read_records(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  const auto bytes = std::size_t(in.tellg());
  REQUIRE(bytes % sizeof(TrainingRecord) == 0);
  std::vector<TrainingRecord> out(bytes / sizeof(TrainingRecord));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(out.data()), std::streamsize(bytes));
  return out;
}

std::vector<std::uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string board_and_side(const std::string& fen) { return fen.substr(0, fen.find(' ', fen.find(' ') + 1)); }

}  // namespace

TEST_CASE("a known record decodes to the start position", "[datagen]") {
  // The start position, written out by hand from the layout in training_data.h.
  const std::uint8_t bytes[32] = {0xFF, 0xFF, 0,           0,    0,    0,    0xFF, 0xFF,  // occupancy
                                  0x13, 0x42, 0x25,        0x31, 0,    0,    0,    0,     // RNBQKBNR, PPPPPPPP
                                  0x66, 0x66, 0x66,        0x66, 0x79, 0xA8, 0x8B, 0x97,  // pppppppp, rnbqkbnr
                                  25,   0,    RESULT_DRAW, 0,    0,    0,    0,    0};
  TrainingRecord r;
  std::memcpy(&r, bytes, sizeof r);
  REQUIRE(record_is_valid(r));
  CHECK(r.score == 25);
  CHECK(record_to_fen(r) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  const TrainingRecord packed = pack_record(Position(), 25);
  CHECK(std::memcmp(&packed, bytes, 24) == 0);
}

TEST_CASE("pack_record and record_to_fen round-trip positions", "[datagen]") {
  for (const auto& c : test::load_perft_suite("random-walks.epd")) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(c.fen).has_value());
    const TrainingRecord r = pack_record(pos, -123);
    REQUIRE(record_is_valid(r));
    CHECK(r.score == -123);
    CHECK(board_and_side(record_to_fen(r)) == board_and_side(c.fen));
  }
}

TEST_CASE("malformed records are recognised", "[datagen]") {
  TrainingRecord r = pack_record(Position(), 0);
  r.result = 3;
  CHECK_FALSE(record_is_valid(r));
  r = pack_record(Position(), 0);
  r.pieces[2] = 0x23;  // the white king replaced by a bishop
  CHECK_FALSE(record_is_valid(r));
  r = pack_record(Position(), 0);
  r.pieces[0] = 0xCC;  // code 12 is no piece
  CHECK_FALSE(record_is_valid(r));
}

TEST_CASE("datagen arguments are checked", "[datagen]") {
  DatagenConfig cfg;
  CHECK(parse_datagen_args({"--threads", "2"}, cfg).value_or("").find("--out") != std::string::npos);
  CHECK(parse_datagen_args({"--out", "x", "--nodes", "lots"}, cfg).value_or("").find("bad value") != std::string::npos);
  CHECK(parse_datagen_args({"--out", "x", "--threads", "0"}, cfg).has_value());
  CHECK(parse_datagen_args({"--out", "x", "--eval", "magic"}, cfg).has_value());
  CHECK(parse_datagen_args({"--out", "x", "--colour", "red"}, cfg).value_or("").find("unknown") != std::string::npos);
  CHECK(parse_datagen_args({"--out"}, cfg).value_or("").find("needs a value") != std::string::npos);
  DatagenConfig ok;
  REQUIRE_FALSE(parse_datagen_args(
      {"--out", "f.bin", "--positions", "100", "--threads", "3", "--seed", "7", "--eval", "hce"}, ok));
  CHECK(ok.positions == 100);
  CHECK(ok.threads == 3);
  CHECK(ok.seed == 7);
  CHECK_FALSE(ok.use_nnue);
}

TEST_CASE("datagen writes whole games of valid records, reproducibly, and appends", "[datagen]") {
  const std::string a = test::fresh_temp_path("vireo-datagen-a.bin"), b = test::fresh_temp_path("vireo-datagen-b.bin");
  DatagenConfig cfg;
  cfg.positions = 150;
  cfg.nodes = 300;
  cfg.seed = 11;
  cfg.out = a;
  const DatagenStats first = run_datagen(cfg);
  CHECK(first.positions >= 150);
  CHECK(first.games >= 1);
  auto records = read_records(a);
  CHECK(records.size() == first.positions);
  for (const auto& r : records) {
    REQUIRE(record_is_valid(r));
    Position pos;
    REQUIRE_FALSE(pos.set_fen(record_to_fen(r)).has_value());
    CHECK_FALSE(pos.in_check());
  }
  // One thread and the same seed play the same games.
  cfg.out = b;
  run_datagen(cfg);
  CHECK(read_records(b).size() == records.size());
  CHECK(std::memcmp(read_records(b).data(), records.data(), records.size() * sizeof(TrainingRecord)) == 0);
  // A second run appends, two threads at once.
  cfg.out = a;
  cfg.threads = 2;
  cfg.seed = 12;
  const DatagenStats second = run_datagen(cfg);
  CHECK(read_records(a).size() == first.positions + second.positions);
  std::filesystem::remove(a);
  std::filesystem::remove(b);
}

TEST_CASE("datagen refuses an output it cannot write", "[datagen]") {
  DatagenConfig cfg;
  cfg.out = "/nonexistent-dir/out.bin";
  cfg.positions = 10;
  CHECK_THROWS_WITH(run_datagen(cfg), Catch::Contains("cannot open '/nonexistent-dir/out.bin'"));
  const std::string odd = test::fresh_temp_path("vireo-datagen-odd.bin");
  std::ofstream(odd) << "seven b";
  CHECK(datagen_main({"--out", odd, "--positions", "10"}) == 1);
  std::filesystem::remove(odd);
}

TEST_CASE("an interrupted datagen run leaves a valid file", "[datagen]") {
  const std::string out = test::fresh_temp_path("vireo-datagen-int.bin");
  DatagenConfig cfg;
  cfg.out = out;
  cfg.nodes = 300;
  cfg.threads = 2;  // no position or time limit: only the signal ends it
  DatagenStats stats;
  std::thread run([&] { stats = run_datagen(cfg); });
  // Interrupt once a game is on disk (a sanitizer build can take seconds for one), so the
  // run is stopped in the middle of later games.
  auto written = [&] {
    std::error_code ec;
    const auto size = std::filesystem::file_size(out, ec);
    return !ec && size >= sizeof(TrainingRecord);
  };
  for (int i = 0; i < 1200 && !written(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::raise(SIGINT);
  run.join();
  const auto records = read_records(out);
  CHECK(records.size() == stats.positions);
  CHECK(stats.games >= 1);
  for (const auto& r : records) REQUIRE(record_is_valid(r));
  std::filesystem::remove(out);
}

TEST_CASE("datagen's games file expands to exactly its records, Chess960 starts included", "[datagen]") {
  const std::string bin = test::fresh_temp_path("vireo-gr.bin"), games = test::fresh_temp_path("vireo-gr.games"),
                    again = test::fresh_temp_path("vireo-gr-again.bin");
  DatagenConfig cfg;
  cfg.out = bin;
  cfg.games = games;
  cfg.positions = 400;
  cfg.nodes = 300;
  cfg.seed = 3;
  cfg.threads = 2;
  cfg.chess960_percent = 50;
  const DatagenStats made = run_datagen(cfg);
  DatagenConfig ex;
  ex.expand = games;
  ex.out = again;
  const DatagenStats expanded = expand_games(ex);
  CHECK(expanded.games == made.games);
  CHECK(expanded.positions == made.positions);
  const auto a = read_bytes(bin), b = read_bytes(again);
  CHECK(a.size() == made.positions * sizeof(TrainingRecord));
  CHECK(a == b);

  // Some games started from Chess960 arrangements.
  const auto bytes = read_bytes(games);
  std::uint64_t chess960 = 0, double960 = 0;
  for (std::size_t at = 0; at < bytes.size();) {
    GameRecord g;
    REQUIRE_FALSE(decode_game(bytes, at, g).has_value());
    chess960 += g.white_start != CHESS960_CLASSICAL || g.black_start != CHESS960_CLASSICAL;
    double960 += g.white_start != g.black_start;
  }
  CHECK(chess960 > 0);
  CHECK(expanded.chess960_games == chess960);  // what expand reports for the manifest
  CHECK(expanded.double_chess960_games == double960);
  CHECK(chess960 < expanded.games);

  // A damaged games file is refused before anything is written.
  std::ofstream(games, std::ios::app | std::ios::binary) << "VG";
  const std::string none = test::fresh_temp_path("vireo-gr-none.bin");
  ex.expand = games;
  ex.out = none;
  CHECK_THROWS_WITH(expand_games(ex), Catch::Contains("truncated"));
  CHECK_FALSE(std::filesystem::exists(none));
  for (const auto& p : {bin, games, again}) std::filesystem::remove(p);
}
