#include <catch2/catch.hpp>

#include "test_util.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "vireo/board/movegen.h"
#include "vireo/board/pgn.h"
#include "vireo/book/book.h"
#include "vireo/tools/makebook.h"

using namespace vireo;
using vireo::test::from_fen;
using vireo::test::RawEntry;
using vireo::test::temp_path;
using vireo::test::write_book;
namespace fs = std::filesystem;

namespace {

// Polyglot move fields: to file, to row, from file, from row, promotion.
std::uint16_t pg_move(Square from, Square to, int promo = 0) {
  return std::uint16_t(file_of(to) | rank_of(to) << 3 | file_of(from) << 6 | rank_of(from) << 9 | promo << 12);
}

// An independent reading: a linear scan of the whole file, no binary search.
std::map<std::string, unsigned> scan(const fs::path& path, const Position& pos) {
  std::ifstream in(path, std::ios::binary);
  std::map<std::string, unsigned> out;
  unsigned char b[16];
  while (in.read(reinterpret_cast<char*>(b), 16)) {
    std::uint64_t key = 0;
    for (int i = 0; i < 8; ++i) key = key << 8 | b[i];
    if (key != pos.key()) continue;
    Move m = PolyglotBook::decode_move(pos, std::uint16_t(b[8] << 8 | b[9]));
    if (m) out[m.to_uci()] += unsigned(b[10] << 8 | b[11]);
  }
  return out;
}

}  // namespace

TEST_CASE("book probe finds entries at the file's edges and between", "[book]") {
  Position start;
  Position after_e4 = start;
  after_e4.make_move(parse_uci_move(start, "e2e4"));
  std::vector<RawEntry> entries = {
      {1, 0, 1, 0},  // below every real key
      {start.key(), pg_move(E2, E4), 30, 7},
      {start.key(), pg_move(D2, D4), 20, 0},
      {start.key(), pg_move(E2, E5), 99, 0},  // not legal: ignored
      {~0ULL, 0, 1, 0},                       // above every real key
  };
  entries.insert(entries.begin() + 1, {after_e4.key(), pg_move(E7, E5), 5, 0});
  std::sort(entries.begin(), entries.end(), [](auto& a, auto& b) { return a.key < b.key; });
  const auto path = temp_path("edges.bin");
  write_book(path, entries);

  PolyglotBook book;
  REQUIRE_FALSE(book.open(path.string()).has_value());
  CHECK(book.size() == entries.size());
  auto e = book.probe(start);
  REQUIRE(e.size() == 2);
  CHECK(e[0].move.to_uci() == "e2e4");
  CHECK(e[0].weight == 30);
  CHECK(e[0].learn == 7);
  CHECK(e[1].move.to_uci() == "d2d4");
  REQUIRE(book.probe(after_e4).size() == 1);
  CHECK(book.probe(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).empty());

  std::mt19937_64 rng(1);
  CHECK(book.choose(start, BookSelection::Best, rng).move.to_uci() == "e2e4");
  int e4 = 0;
  for (int i = 0; i < 2000; ++i) e4 += book.choose(start, BookSelection::Weighted, rng).move.to_uci() == "e2e4";
  CHECK(e4 > 1000);  // weight 30 of 50: about 1200 of 2000
  CHECK(e4 < 1400);
  // Book Min Weight: d4's 40% is below a 50% floor, so e4 is the only candidate.
  const BookChoice only = book.choose(start, BookSelection::Weighted, rng, 0.5);
  CHECK(only.move.to_uci() == "e2e4");
  CHECK(only.share == Approx(0.6));
  CHECK(book.choose(start, BookSelection::Weighted, rng, 0.7).move.is_none());  // no move holds 70%

  // Single-entry books: the first entry is also the last.
  write_book(path, {{start.key(), pg_move(G1, F3), 1, 0}});
  REQUIRE_FALSE(book.open(path.string()).has_value());
  REQUIRE(book.probe(start).size() == 1);
  CHECK(book.probe(start)[0].move.to_uci() == "g1f3");
}

TEST_CASE("book moves decode castling and promotions", "[book]") {
  Position castle = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(PolyglotBook::decode_move(castle, pg_move(E1, H1)).to_uci() == "e1g1");
  CHECK(PolyglotBook::decode_move(castle, pg_move(E1, A1)).to_uci() == "e1c1");
  CHECK(PolyglotBook::decode_move(castle, pg_move(E1, F1)).to_uci() == "e1f1");
  Position black = from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  CHECK(PolyglotBook::decode_move(black, pg_move(E8, H8)).to_uci() == "e8g8");
  CHECK(PolyglotBook::decode_move(black, pg_move(E8, A8)).to_uci() == "e8c8");
  Position promo = from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(PolyglotBook::decode_move(promo, pg_move(A7, A8, 4)).to_uci() == "a7a8q");
  CHECK(PolyglotBook::decode_move(promo, pg_move(A7, B8, 1)).to_uci() == "a7b8n");
  CHECK(PolyglotBook::decode_move(promo, pg_move(A7, A8, 2)).to_uci() == "a7a8b");
  CHECK(PolyglotBook::decode_move(promo, pg_move(A7, A8, 3)).to_uci() == "a7a8r");
  // Encoding is the inverse, castling included, Chess960's too (the king next to its rook).
  Position chess960 = from_fen("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
  CHECK(PolyglotBook::decode_move(chess960, pg_move(F1, G1)).to_uci() == "f1g1");
  CHECK(PolyglotBook::decode_move(chess960, pg_move(F1, G1)).kind() == Move::CASTLING);
  for (const Position& pos : {castle, promo, chess960})
    for (const auto& e : legal_moves(pos))
      CHECK(PolyglotBook::decode_move(pos, PolyglotBook::encode_move(pos, e.move)) == e.move);
}

TEST_CASE("bad book files are refused with a message", "[book]") {
  PolyglotBook book;
  CHECK(book.open(temp_path("does-not-exist.bin").string()));
  CHECK(book.open(fs::temp_directory_path().string()));  // a directory
  const auto empty = temp_path("empty.bin");
  std::ofstream(empty).close();
  CHECK(book.open(empty.string()));
  const auto truncated = temp_path("truncated.bin");
  write_book(truncated, {{5, 1, 1, 0}, {6, 1, 1, 0}});
  fs::resize_file(truncated, 31);
  auto err = book.open(truncated.string());
  REQUIRE(err);
  CHECK(err->find("multiple of 16") != std::string::npos);
  const auto unsorted = temp_path("unsorted.bin");
  write_book(unsorted, {{9, 1, 1, 0}, {3, 1, 1, 0}});
  err = book.open(unsorted.string());
  REQUIRE(err);
  CHECK(err->find("not sorted") != std::string::npos);
  CHECK_FALSE(book.is_open());
  CHECK(book.probe(Position()).empty());
}

TEST_CASE("a book built from PGN is probed back", "[book][makebook]") {
  const auto pgn = temp_path("small.pgn");
  std::ofstream(pgn) << "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
                        "[Event \"t\"]\n[Result \"1/2-1/2\"]\n\n1. e4 c5 {Sicilian} 2. Nf3 1/2-1/2\n\n"
                        "[Event \"t\"]\n[Result \"0-1\"]\n\n1. d4 d5 2. c4 0-1\n\n"
                        "[Event \"t\"]\n[Result \"*\"]\n\n1. c4 *\n";
  MakeBookOptions opts;
  opts.pgn_files = {pgn.string()};
  opts.out = temp_path("small.bin").string();
  opts.max_ply = 3;
  MakeBookStats stats;
  std::vector<std::string> log;
  REQUIRE_FALSE(make_book(opts, stats, [&](const std::string& l) { log.push_back(l); }).has_value());
  CHECK(stats.games == 3);
  CHECK(stats.skipped_games == 1);  // no result

  PolyglotBook book;
  REQUIRE_FALSE(book.open(opts.out).has_value());
  Position start;
  auto e = book.probe(start);
  REQUIRE(e.size() == 1);  // d4 only lost for white, so it is left out
  CHECK(e[0].move.to_uci() == "e2e4");
  CHECK(e[0].weight == 3);  // a win (2) and a draw (1)
  Position after = start;
  after.make_move(parse_uci_move(after, "e2e4"));
  auto replies = book.probe(after);
  REQUIRE(replies.size() == 1);
  CHECK(replies[0].move.to_uci() == "c7c5");  // e5 only lost for black
  after.make_move(parse_uci_move(after, "e7e5"));
  CHECK(book.probe(after).size() == 1);  // ply 3 is still in (max-ply 3)
  after.make_move(parse_uci_move(after, "g1f3"));
  CHECK(book.probe(after).empty());  // ply 4 is not
  CHECK(scan(opts.out, start) == std::map<std::string, unsigned>{{"e2e4", 3}});
}

TEST_CASE("makebook arguments are validated", "[makebook]") {
  MakeBookOptions o;
  CHECK_FALSE(parse_makebook_args(
      {"--pgn", "a.pgn", "--pgn", "b.pgn", "--out", "x.bin", "--max-ply", "12", "--min-games", "3", "--only-black"},
      o));
  CHECK(o.pgn_files.size() == 2);
  CHECK(o.max_ply == 12);
  CHECK(o.min_games == 3);
  CHECK(o.only_side == BLACK);
  auto rejected = [](std::vector<std::string> args) {
    MakeBookOptions fresh;
    return parse_makebook_args(args, fresh).has_value();
  };
  CHECK(rejected({"--out", "x.bin"}));
  CHECK(rejected({"--pgn", "a.pgn"}));
  CHECK(rejected({"--pgn", "a.pgn", "--out", "x", "--max-ply", "zero"}));
  CHECK(rejected({"--pgn", "a.pgn", "--out", "x", "--frob"}));
  CHECK(rejected({"--pgn", "a.pgn", "--out"}));
}

#ifdef VIREO_GNUCHESS_BOOK
TEST_CASE("probing Debian's gnuchess book matches a linear reading of the file", "[book]") {
  PolyglotBook book;
  REQUIRE_FALSE(book.open(VIREO_GNUCHESS_BOOK).has_value());
  // Walk the book's main lines: at each position compare, then follow every listed move two
  // plies deep from the first few levels.
  std::vector<Position> frontier{Position()};
  int compared = 0;
  for (int ply = 0; ply < 6; ++ply) {
    std::vector<Position> next;
    for (const Position& pos : frontier) {
      std::map<std::string, unsigned> probed;
      for (const auto& e : book.probe(pos)) probed[e.move.to_uci()] += e.weight;
      CHECK(probed == scan(VIREO_GNUCHESS_BOOK, pos));
      ++compared;
      auto entries = book.probe(pos);
      for (std::size_t i = 0; i < entries.size() && i < 3 && next.size() < 20; ++i) {
        Position child = pos;
        child.make_move(entries[i].move);
        next.push_back(child);
      }
    }
    frontier = next;
  }
  CHECK(compared > 30);
}
#endif

#ifdef VIREO_POLYGLOT
namespace {

std::string run_capture(const std::string& command) {
  std::string out;
  if (FILE* p = ::popen(command.c_str(), "r")) {
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    ::pclose(p);
  }
  return out;
}

// A book's entries as (key, move, weight), in file order.
std::vector<std::tuple<std::uint64_t, std::uint16_t, std::uint16_t>> book_rows(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::tuple<std::uint64_t, std::uint16_t, std::uint16_t>> rows;
  unsigned char b[16];
  while (in.read(reinterpret_cast<char*>(b), 16)) {
    std::uint64_t key = 0;
    for (int i = 0; i < 8; ++i) key = key << 8 | b[i];
    rows.emplace_back(key, std::uint16_t(b[8] << 8 | b[9]), std::uint16_t(b[10] << 8 | b[11]));
  }
  return rows;
}

// Replays one line of `polyglot dump-book` ("1: 1. e4{56%} e5 2. Nf3{100%} {trans: ...}") and
// checks that every move Polyglot read from our book for the dumped side is one our probe lists.
int check_dump_line(const std::string& line, const PolyglotBook& book) {
  std::string text = line.substr(line.find(':') + 1);
  for (std::size_t open; (open = text.find(" {")) != std::string::npos;)  // a comment, not a weight
    text.erase(open, text.find('}', open) - open + 1);
  std::istringstream in(text);
  Position pos;
  int checked = 0;
  for (std::string tok; in >> tok;) {
    if (tok.back() == '.') continue;  // a move number
    const bool from_book = tok.find('{') != std::string::npos;
    const std::string san = tok.substr(0, tok.find('{'));
    const Move m = parse_san(pos, san);
    INFO(line << " / " << san);
    REQUIRE(m);
    if (from_book) {
      bool listed = false;
      for (const BookEntry& e : book.probe(pos)) listed |= e.move == m;
      CHECK(listed);
      ++checked;
    }
    pos.make_move(m);
  }
  return checked;
}

}  // namespace

TEST_CASE("makebook and Debian's polyglot make-book write the same book, and each reads the other",
          "[book][makebook]") {
  const std::string pgn = std::string(VIREO_TEST_DATA_DIR) + "/games.pgn";
  const fs::path ours = temp_path("ours.bin"), theirs = temp_path("theirs.bin"), dump = temp_path("dump.txt");
  MakeBookOptions opts;
  opts.pgn_files = {pgn};
  opts.out = ours.string();
  opts.max_ply = 24;
  MakeBookStats stats;
  REQUIRE_FALSE(make_book(opts, stats, [](const std::string&) {}).has_value());
  REQUIRE(stats.entries > 100);
  REQUIRE(std::system(fmt::format("{} make-book -pgn {} -bin {} -max-ply 24 -min-game 1 >/dev/null 2>&1",
                                  VIREO_POLYGLOT, pgn, theirs.string())
                          .c_str()) == 0);
  // Same statistics, same weights, both sorted by key. Entries of one position with equal
  // weights may come in either order (Polyglot leaves that to qsort), so compare them sorted.
  auto ours_rows = book_rows(ours), theirs_rows = book_rows(theirs);
  auto by_key = [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); };
  CHECK(std::is_sorted(ours_rows.begin(), ours_rows.end(), by_key));
  CHECK(std::is_sorted(theirs_rows.begin(), theirs_rows.end(), by_key));
  std::sort(ours_rows.begin(), ours_rows.end());
  std::sort(theirs_rows.begin(), theirs_rows.end());
  CHECK(ours_rows == theirs_rows);

  // Polyglot's book is probed exactly as a linear reading of the file sees it.
  PolyglotBook book;
  REQUIRE_FALSE(book.open(theirs.string()).has_value());
  std::ifstream games(pgn);
  PgnReader reader(games);
  int positions = 0;
  while (auto item = reader.next()) {
    Position pos;
    for (std::size_t ply = 0; ply < 24 && ply < item->game.moves.size(); ++ply, ++positions) {
      std::map<std::string, unsigned> probed;
      for (const BookEntry& e : book.probe(pos)) probed[e.move.to_uci()] += e.weight;
      CHECK(probed == scan(theirs, pos));
      pos.make_move(item->game.moves[ply]);
    }
  }
  CHECK(positions > 200);

  // Polyglot reads our book: info-book counts its lines, dump-book's lines replay in our probe.
  const std::string info = run_capture(fmt::format("{} info-book -bin {} 2>&1", VIREO_POLYGLOT, ours.string()));
  CHECK(info.find("Lines for white") != std::string::npos);
  REQUIRE(book.open(ours.string()) == std::nullopt);
  int checked = 0;
  for (const char* color : {"white", "black"}) {
    REQUIRE(std::system(fmt::format("{} dump-book -bin {} -color {} -out {} >/dev/null 2>&1", VIREO_POLYGLOT,
                                    ours.string(), color, dump.string())
                            .c_str()) == 0);
    std::ifstream lines(dump);
    for (std::string line; std::getline(lines, line);)
      if (!line.empty() && std::isdigit((unsigned char)line[0])) checked += check_dump_line(line, book);
  }
  CHECK(checked > 100);
}
#endif

TEST_CASE("a book cut or rewritten while open gives no entries, never a crash", "[book]") {
  const Position start;
  std::vector<RawEntry> entries;
  for (std::uint64_t k = 1; k <= 1000; ++k) entries.push_back({k, 1, 1, 0});
  entries.push_back({start.key(), pg_move(E2, E4), 30, 0});
  entries.push_back({start.key(), pg_move(D2, D4), 20, 0});
  const fs::path file = temp_path("changing.bin");
  write_book(file, entries);
  PolyglotBook book;
  REQUIRE_FALSE(book.open(file.string()).has_value());
  REQUIRE(book.probe(start).size() == 2);
  std::ofstream(file, std::ios::trunc).close();  // `: > book.bin`, as makebook once did in place
  CHECK(book.probe(start).empty());
  write_book(file, {{start.key(), pg_move(E2, E4), 1, 0}});  // another book, of another size
  CHECK(book.probe(start).empty());
  write_book(file, entries);  // the same size again
  CHECK(book.probe(start).size() == 2);
}

TEST_CASE("a FIFO as the book file is refused at once", "[book]") {
  const fs::path fifo = vireo::test::make_fifo("book.fifo");
  PolyglotBook book;
  const auto err = vireo::test::load_without_blocking(fifo, [&] { return book.open(fifo.string()); });
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("is not a regular file"));
  CHECK_FALSE(book.is_open());
}
