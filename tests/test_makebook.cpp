#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>

#include "vireo/board/movegen.h"
#include "vireo/book/book.h"
#include "vireo/tools/makebook.h"

#include "test_util.h"

using namespace vireo;
using vireo::test::temp_path;
namespace fs = std::filesystem;

namespace {

// Six games with known tags; their first moves tell them apart in the book.
const char* const TAGGED_PGN = R"([Event "Open A"]
[Date "2019.05.01"]
[White "Alice"]
[Black "Bob"]
[WhiteElo "2500"]
[BlackElo "2400"]
[Result "1-0"]

1. e4 e5 2. Nf3 1-0

[Event "Open A"]
[Date "2020.??.??"]
[White "Carol"]
[Black "Alice"]
[WhiteElo "2000"]
[BlackElo "2600"]
[Result "0-1"]

1. d4 d5 2. c4 0-1

[Event "Club B"]
[Date "2021.03.04"]
[White "Dave"]
[Black "Erin"]
[WhiteElo "2450"]
[BlackElo "2450"]
[Result "1/2-1/2"]

1. c4 c5 2. Nc3 1/2-1/2

[Event "Club B"]
[Date "????.??.??"]
[White "Bob"]
[Black "Dave"]
[Result "1-0"]

1. Nf3 Nf6 2. g3 1-0

[Event "Open A"]
[Date "2022.01.01"]
[White "Erin"]
[Black "Carol"]
[WhiteElo "2700"]
[BlackElo "2650"]
[Result "0-1"]

1. b3 e5 2. Bb2 0-1

[Event "Open A"]
[Date "2019.12.31"]
[White "Frank"]
[Black "Alice"]
[WhiteElo "2300"]
[BlackElo "2300"]
[Result "*"]

1. g3 g6 *
)";

struct Built {
  MakeBookStats stats;
  std::map<std::string, unsigned> root, after_e4, after_e4_e5, after_b3, after_d4;
};

Built build(std::vector<std::string> extra, const char* pgn_text = TAGGED_PGN) {
  const fs::path pgn = temp_path("tagged.pgn"), out = temp_path("tagged.bin");
  std::ofstream(pgn) << pgn_text;
  std::vector<std::string> args{"--pgn", pgn.string(), "--out", out.string(), "--max-ply", "4"};
  args.insert(args.end(), extra.begin(), extra.end());
  MakeBookOptions opts;
  const auto err = parse_makebook_args(args, opts);
  INFO(err.value_or(""));
  REQUIRE_FALSE(err.has_value());
  Built b;
  REQUIRE_FALSE(make_book(opts, b.stats, [](const std::string&) {}).has_value());
  PolyglotBook book;
  REQUIRE_FALSE(book.open(out.string()).has_value());
  auto moves = [&](std::initializer_list<const char*> line) {
    Position pos;
    for (const char* m : line) pos.make_move(parse_uci_move(pos, m));
    std::map<std::string, unsigned> r;
    for (const auto& e : book.probe(pos)) r[e.move.to_uci()] = e.weight;
    return r;
  };
  b.root = moves({});
  b.after_e4 = moves({"e2e4"});
  b.after_e4_e5 = moves({"e2e4", "e7e5"});
  b.after_b3 = moves({"b2b3"});
  b.after_d4 = moves({"d2d4"});
  return b;
}

using Moves = std::map<std::string, unsigned>;

}  // namespace

TEST_CASE("makebook without filters: every finished game, moves weighted by results", "[makebook]") {
  const Built b = build({});
  CHECK(b.stats.games == 5);
  CHECK(b.stats.skipped_games == 1);
  CHECK(b.stats.skipped.at("no result") == 1);
  // d4 and b3 lost: left out, but the replies below them stay (weight 2 for the winner).
  CHECK(b.root == Moves{{"e2e4", 2}, {"c2c4", 1}, {"g1f3", 2}});
  CHECK(b.after_d4 == Moves{{"d7d5", 2}});
  CHECK(b.after_b3 == Moves{{"e7e5", 2}});
}

TEST_CASE("makebook filters games by rating, date, event and player", "[makebook]") {
  // Both players 2400 or more: games 1 (2500/2400), 3 (2450/2450), 5 (2700/2650).
  Built b = build({"--min-elo", "2400"});
  CHECK(b.stats.games == 3);
  CHECK(b.stats.skipped.at("a rating below --min-elo or missing") == 2);
  CHECK(b.root == Moves{{"e2e4", 2}, {"c2c4", 1}});
  // The side whose move is kept rated 2600 or more: Alice's black moves in game 2, game 5's both sides.
  b = build({"--min-elo-side", "2600"});
  CHECK(b.root.empty());  // b3 (2700) lost: weight 0
  CHECK(b.after_d4 == Moves{{"d7d5", 2}});
  CHECK(b.after_b3 == Moves{{"e7e5", 2}});
  CHECK(b.after_e4.empty());
  // 2019.06.01 .. 2020.12.31: game 2 (2020.??.??) only; game 6 has no result anyway.
  b = build({"--from", "2019.06.01", "--to", "2020.12.31"});
  CHECK(b.stats.games == 1);
  CHECK(b.after_d4 == Moves{{"d7d5", 2}});
  CHECK(b.stats.skipped.at("date outside --from/--to or unknown") == 4);
  // Event and player, case-insensitive substrings.
  b = build({"--event", "club"});
  CHECK(b.root == Moves{{"c2c4", 1}, {"g1f3", 2}});
  b = build({"--player", "ALICE"});
  CHECK(b.stats.games == 2);
  CHECK(b.root == Moves{{"e2e4", 2}});
}

TEST_CASE("makebook --result keeps the winner's moves, or winners' and draws'", "[makebook]") {
  Built b = build({"--result", "win"});
  CHECK(b.root == Moves{{"e2e4", 2}, {"g1f3", 2}});
  CHECK(b.after_e4.empty());  // black lost game 1
  CHECK(b.after_d4 == Moves{{"d7d5", 2}});
  b = build({"--result", "win-draw"});
  CHECK(b.root == Moves{{"e2e4", 2}, {"c2c4", 1}, {"g1f3", 2}});
}

TEST_CASE("makebook prunes rare and low-scoring moves with the lines below them", "[makebook]") {
  // 1. e4 three times: won, won, lost; 1. d4 once (won). Below e4, 1...c5 once (won for black).
  const char* pgn = R"([Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Result "1-0"]

1. e4 e5 2. Nf3 Nf6 1-0

[Result "0-1"]

1. e4 c5 2. Nf3 d6 0-1

[Result "1-0"]

1. d4 d5 2. c4 e6 1-0
)";
  Built b = build({"--min-games", "2"}, pgn);
  CHECK(b.root == Moves{{"e2e4", 4}});  // d4: one game
  CHECK(b.after_d4.empty());            // and everything below it
  CHECK(b.after_e4 == Moves{});         // e5 lost both times: weight 0 (the lines below stay); c5 once
  CHECK(b.after_e4_e5 == Moves{{"g1f3", 4}});
  CHECK(b.stats.removed_min_games > 0);
  // White's 1. e4 scores 67%: --min-score 70 removes it and all of its lines, even 1...c5 and
  // 2. Nf3, which scored 100%; 1. d4 stays, and 2. c4 below it though 1...d5 only lost.
  b = build({"--min-score", "70"}, pgn);
  CHECK(b.root == Moves{{"d2d4", 2}});
  CHECK(b.after_e4.empty());
  CHECK(b.after_e4_e5.empty());
  CHECK(b.stats.removed_min_score == 1);
  CHECK(b.stats.removed_unreachable >= 3);  // c5, 2. Nf3 after e5, d6
}

TEST_CASE("makebook --verify removes a blunder and what follows it", "[makebook]") {
  // 2...Qg5?? gives the queen away; 2...Nc6 is fine. The results are made up so that Black's
  // moves are the ones written.
  const char* pgn = R"([Result "0-1"]

1. e4 e5 2. Nf3 Qg5 3. Nxg5 h6 0-1

[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1
)";
  const fs::path file = temp_path("verify.pgn"), out = temp_path("verify.bin");
  std::ofstream(file) << pgn;
  MakeBookOptions opts;
  REQUIRE_FALSE(parse_makebook_args(
      {"--pgn", file.string(), "--out", out.string(), "--verify", "6", "--verify-margin", "150", "--threads", "2"},
      opts));
  MakeBookStats stats;
  std::vector<std::string> progress;
  REQUIRE_FALSE(make_book(opts, stats, [&](const std::string& l) { progress.push_back(l); }).has_value());
  PolyglotBook book;
  REQUIRE_FALSE(book.open(out.string()).has_value());
  Position pos;
  for (const char* m : {"e2e4", "e7e5", "g1f3"}) pos.make_move(parse_uci_move(pos, m));
  std::vector<std::string> replies;
  for (const auto& e : book.probe(pos)) replies.push_back(e.move.to_uci());
  CHECK(replies == std::vector<std::string>{"b8c6"});
  // Qg5 goes, and 3...h6, which only Qg5 led to (whether the search or the tracing removes it).
  CHECK(stats.removed_verify >= 1);
  CHECK(stats.removed_verify + stats.removed_unreachable == 2);
  CHECK(stats.verified_positions == 4);  // after 1. e4, 2. Nf3, 3. Nxg5 and 3. Bb5
  CHECK(stats.verify_seconds > 0);
  CHECK(
      std::any_of(progress.begin(), progress.end(), [](const std::string& l) { return l.rfind("verify: ", 0) == 0; }));
  const auto summary = makebook_summary(stats, opts);
  CHECK(std::any_of(summary.begin(), summary.end(),
                    [](const std::string& l) { return l.find("removed by the search") != std::string::npos; }));
}

TEST_CASE("makebook's new options are validated", "[makebook]") {
  auto rejected = [](std::vector<std::string> args) {
    MakeBookOptions o;
    args.insert(args.begin(), {"--pgn", "a.pgn", "--out", "b.bin"});
    return parse_makebook_args(args, o).has_value();
  };
  CHECK(rejected({"--min-elo", "x"}));
  CHECK(rejected({"--from", "2020-01-01"}));
  CHECK(rejected({"--from", "2021.01.01", "--to", "2020.01.01"}));
  CHECK(rejected({"--result", "losses"}));
  CHECK(rejected({"--min-score", "101"}));
  CHECK(rejected({"--verify", "0"}));
  CHECK(rejected({"--threads"}));
  CHECK_FALSE(rejected({"--min-elo", "2200", "--from", "2019.01.01", "--result", "win-draw", "--event", "Open",
                        "--min-score", "40", "--verify", "4", "--verify-margin", "80", "--threads", "2"}));
}

TEST_CASE("makebook refuses a folder as a PGN file or as the book, before reading any game", "[makebook]") {
  const fs::path pgn = temp_path("folder-test.pgn"), folder = temp_path("a-folder");
  std::ofstream(pgn) << TAGGED_PGN;
  fs::create_directories(folder);
  const auto error_of = [](std::vector<std::string> pgns, const fs::path& out) {
    MakeBookOptions opts;
    opts.pgn_files = std::move(pgns);
    opts.out = out.string();
    MakeBookStats stats;
    return make_book(opts, stats, [](const std::string&) {});
  };
  const fs::path out = temp_path("never-written.bin");
  fs::remove(out);
  auto err = error_of({pgn.string(), folder.string()}, out);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("PGN file '" + folder.string() + "' is not a regular file"));
  CHECK_FALSE(fs::exists(out));
  err = error_of({pgn.string()}, folder);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("is a folder"));
}

TEST_CASE("makebook over a book in use replaces it whole: the open book keeps reading the old one", "[makebook]") {
  const fs::path pgn = temp_path("replace.pgn"), out = temp_path("in-use.bin");
  std::ofstream(pgn) << TAGGED_PGN;
  MakeBookOptions opts;
  opts.pgn_files = {pgn.string()};
  opts.out = out.string();
  MakeBookStats stats;
  REQUIRE_FALSE(make_book(opts, stats, [](const std::string&) {}).has_value());
  PolyglotBook in_use;
  REQUIRE_FALSE(in_use.open(out.string()).has_value());
  const Position start;
  const std::size_t before = in_use.probe(start).size();
  REQUIRE(before == 3);    // e4 and Nf3 won, c4 drew
  opts.only_side = BLACK;  // a smaller book: no white moves, so nothing at the root
  REQUIRE_FALSE(make_book(opts, stats, [](const std::string&) {}).has_value());
  CHECK(in_use.probe(start).size() == before);
  CHECK_FALSE(fs::exists(out.string() + ".tmp"));
  PolyglotBook fresh;
  REQUIRE_FALSE(fresh.open(out.string()).has_value());
  CHECK(fresh.probe(start).empty());
}
