#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "test_util.h"
#include "vireo/board/movegen.h"
#include "vireo/eval/nnue.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

char swap_case(char c) { return char(std::isupper((unsigned char)c) ? std::tolower(c) : std::toupper(c)); }

// The colour-mirrored twin: ranks flipped, colours swapped, the other side to move.
std::string mirror_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string board, stm, castling, ep, rest;
  in >> board >> stm >> castling >> ep;
  std::getline(in, rest);
  std::vector<std::string> ranks;
  std::stringstream b(board);
  for (std::string r; std::getline(b, r, '/');) ranks.push_back(r);
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
    for (char c : *it) out += swap_case(c);
    if (it + 1 != ranks.rend()) out += '/';
  }
  std::string rights;
  for (char c : std::string("KQkq"))
    if (castling.find(swap_case(c)) != std::string::npos) rights += c;
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
  return fmt::format("{} {} {} {}{}", out, stm == "w" ? "b" : "w", rights.empty() ? std::string("-") : rights, ep,
                     rest);
}

// The position flipped left to right (files a-h swapped), without castling rights (a flipped
// castling position has its king and rooks where no castling rule puts them).
std::string flip_files_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string board, stm, castling, ep, rest;
  in >> board >> stm >> castling >> ep;
  std::getline(in, rest);
  std::stringstream b(board);
  std::string out;
  for (std::string r; std::getline(b, r, '/');) {
    if (!out.empty()) out += '/';
    out.append(r.rbegin(), r.rend());  // digits count empty squares either way
  }
  if (ep != "-") ep[0] = char('a' + 'h' - ep[0]);
  return fmt::format("{} {} - {}{}", out, stm, ep, rest);
}

// The embedded network's weights read as a network with mirrored inputs: not a trained one, but
// one whose features differ by the king's wing, which is what the bookkeeping must follow.
std::shared_ptr<const nnue::Network> mirrored_embedded() {
  auto net = std::make_shared<nnue::Network>(*nnue::embedded_network());
  net->mirrored_inputs = true;
  return net;
}

std::vector<std::uint8_t> read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST_CASE("incremental accumulators equal a full refresh along random games", "[nnue]") {
  // With mirrored inputs a king crossing the d/e line refreshes its side's half.
  const bool mirrored = GENERATE(false, true);
  const auto net = mirrored ? mirrored_embedded() : nnue::embedded_network();
  // Castling both ways, en passant, promotions with and without capture are all reachable here,
  // and Chess960 castling where king and rook swap squares, or the king stays put.
  const char* starts[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1",
      "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1",
      "1rk1qr2/pp1p1ppp/2n1b3/2p1p3/4P3/2N1B3/PPPP1PPP/1RK1QR2 w FBfb - 0 1",
  };
  std::mt19937_64 rng(42);
  int checked = 0, nulls = 0, specials = 0, chess960_castles = 0, crossings = 0;
  for (const char* fen : starts) {
    for (int game = 0; game < 20; ++game) {
      Position pos = from_fen(fen);
      nnue::AccumulatorStack stack;
      stack.reset(*net, pos);
      std::vector<Move> line;
      for (int ply = 0; ply < 60; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        if (!pos.in_check() && rng() % 8 == 0 && (line.empty() || line.back())) {
          stack.push_null();
          pos.make_null_move();
          line.push_back(Move::none());
          ++nulls;
        } else {
          const Move m = moves[rng() % moves.size()].move;
          specials += m.kind() != Move::NORMAL;
          chess960_castles += m.kind() == Move::CASTLING && file_of(m.from()) != 4;
          crossings += pos.moved_piece(m) == make_piece(pos.side_to_move(), KING) &&
                       nnue::flips_files(m.from()) != nnue::flips_files(m.to());
          stack.push(pos, m);
          pos.make_move(m);
          line.push_back(m);
        }
        // Evaluate only some plies, so several lazy updates pile up between evaluations.
        if (rng() % 3 == 0) {
          REQUIRE(stack.evaluate(pos) == nnue::evaluate(*net, pos));
          ++checked;
        }
      }
      // Unwind, checking on the way back too.
      while (!line.empty()) {
        const Move m = line.back();
        line.pop_back();
        if (m)
          pos.unmake_move(m);
        else
          pos.unmake_null_move();
        stack.pop();
        REQUIRE(stack.evaluate(pos) == nnue::evaluate(*net, pos));
      }
    }
  }
  CHECK(checked > 500);
  CHECK(nulls > 50);
  CHECK(specials > 20);
  CHECK(chess960_castles > 20);
  CHECK(crossings > 100);
}

TEST_CASE("a position and its colour-mirrored twin evaluate alike", "[nnue]") {
  const auto net = nnue::embedded_network();
  const auto cases = test::load_perft_suite("random-walks.epd");
  REQUIRE(cases.size() > 100);
  int different = 0;
  for (const auto& c : cases) {
    const Position pos = from_fen(c.fen), twin = from_fen(mirror_fen(c.fen));
    REQUIRE(nnue::evaluate(*net, pos) == nnue::evaluate(*net, twin));
    different += nnue::evaluate(*net, pos) != 0;
  }
  CHECK(different > 100);  // the check is not passing on a network that outputs a constant
}

TEST_CASE("with mirrored inputs a position and its left-right flip evaluate alike", "[nnue]") {
  const auto mirrored = mirrored_embedded(), plain = nnue::embedded_network();
  const auto cases = test::load_perft_suite("random-walks.epd");
  REQUIRE(cases.size() > 100);
  int plain_differs = 0;
  for (const auto& c : cases) {
    const Position pos = from_fen(c.fen), flipped = from_fen(flip_files_fen(c.fen));
    INFO(c.fen);
    REQUIRE(nnue::evaluate(*mirrored, pos) == nnue::evaluate(*mirrored, flipped));
    plain_differs += nnue::evaluate(*plain, pos) != nnue::evaluate(*plain, flipped);
  }
  CHECK(plain_differs > 100);  // a plain network sees the two apart: the symmetry is the layout's
}

TEST_CASE("a network with mirrored inputs is written as version 3 and read back so", "[nnue]") {
  const auto mirrored = mirrored_embedded();
  auto bytes = nnue::serialize(*mirrored);
  CHECK(bytes[8] == 3);
  CHECK(nnue::serialize(*nnue::embedded_network())[8] == 2);  // a plain one keeps version 2
  auto copy = std::make_unique<nnue::Network>();
  REQUIRE_FALSE(nnue::parse(bytes.data(), bytes.size(), *copy).has_value());
  CHECK(copy->mirrored_inputs);
  const Position pos = from_fen("r4rk1/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/2KR3R w - - 0 1");
  CHECK(nnue::evaluate(*copy, pos) == nnue::evaluate(*mirrored, pos));
  CHECK(nnue::evaluate(*copy, pos) != nnue::evaluate(*nnue::embedded_network(), pos));

  bytes[28] = 2;  // the input layout field: no such layout
  const std::size_t body = bytes.size() - 8;
  const std::uint64_t sum = nnue::checksum(bytes.data(), body);
  std::memcpy(bytes.data() + body, &sum, 8);
  const auto err = nnue::parse(bytes.data(), bytes.size(), *copy);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("input layout 2"));
  CHECK(copy->mirrored_inputs);  // the refused file changed nothing
}

TEST_CASE("the embedded network survives a serialise-parse round trip", "[nnue]") {
  const auto net = nnue::embedded_network();
  const auto bytes = nnue::serialize(*net);
  auto copy = std::make_unique<nnue::Network>();
  REQUIRE_FALSE(nnue::parse(bytes.data(), bytes.size(), *copy).has_value());
  CHECK(nnue::serialize(*copy) == bytes);
}

TEST_CASE("corrupt, truncated and foreign network files are refused", "[nnue]") {
  const auto good = nnue::serialize(*nnue::embedded_network());
  auto net = std::make_unique<nnue::Network>();
  const Position start;

  auto flipped = good;
  flipped[good.size() / 2] ^= 0x40;
  auto err = nnue::parse(flipped.data(), flipped.size(), *net);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("checksum"));

  err = nnue::parse(good.data(), good.size() - 100, *net);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("bytes"));

  auto wrong_size = good;
  wrong_size[16] = 0x7f;  // hidden size field
  err = nnue::parse(wrong_size.data(), wrong_size.size(), *net);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("this build plays"));

  const std::string text = "hello, not a net";
  err = nnue::parse(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), *net);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("not a Vireo network"));

  err = nnue::load_file("/nonexistent/vireo.nnue", *net);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("cannot open"));
}

TEST_CASE("a network file written by serialize loads and plays the same", "[nnue]") {
  const auto path = vireo::test::fresh_temp_path("net.nnue");
  const auto bytes = nnue::serialize(*nnue::embedded_network());
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  auto net = std::make_unique<nnue::Network>();
  REQUIRE_FALSE(nnue::load_file(path, *net).has_value());
  CHECK(read_all(path) == bytes);
  const Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  CHECK(nnue::evaluate(*net, pos) == nnue::evaluate(*nnue::embedded_network(), pos));
  std::remove(path.c_str());
}

TEST_CASE("the embedded network knows which side is ahead", "[nnue]") {
  // A sanity check of the trained weights, not of the code: a queen up is good, a queen down bad.
  const auto net = nnue::embedded_network();
  CHECK(nnue::evaluate(*net, from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")) > 400);
  CHECK(nnue::evaluate(*net, from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")) < -400);
  CHECK(std::abs(nnue::evaluate(*net, Position())) < 100);
}

TEST_CASE("output buckets slice 2..32 men evenly", "[nnue]") {
  CHECK(nnue::output_bucket(2, 8) == 0);
  CHECK(nnue::output_bucket(5, 8) == 0);
  CHECK(nnue::output_bucket(6, 8) == 1);
  CHECK(nnue::output_bucket(17, 8) == 3);
  CHECK(nnue::output_bucket(32, 8) == 7);
  for (int men = 2; men <= 32; ++men) REQUIRE(nnue::output_bucket(men, 1) == 0);
}

namespace {

// A network with random feature weights and `buckets` output layers whose biases differ.
std::unique_ptr<nnue::Network> random_network(int buckets, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> w(-60, 60), out(-20, 20);
  auto net = std::make_unique<nnue::Network>();
  for (auto& x : net->feature_weights) x = std::int16_t(w(rng));
  for (auto& x : net->feature_bias) x = std::int16_t(w(rng) + 100);
  net->output_weights.fill(0);
  net->output_bias.fill(0);
  net->output_buckets = buckets;
  for (std::size_t i = 0; i < std::size_t(buckets) * 2 * nnue::HIDDEN; ++i)
    net->output_weights[i] = std::int16_t(out(rng));
  for (int b = 0; b < buckets; ++b) net->output_bias[std::size_t(b)] = 20000 * b;
  return net;
}

}  // namespace

TEST_CASE("each position is played by its own bucket's output layer", "[nnue]") {
  const auto net = random_network(8, 11);
  auto bytes = nnue::serialize(*net);
  auto copy = std::make_unique<nnue::Network>();
  REQUIRE_FALSE(nnue::parse(bytes.data(), bytes.size(), *copy).has_value());
  const Position full, endgame = from_fen("8/5pk1/8/3R4/8/2K5/6P1/8 b - - 0 1");  // 32 and 5 men
  CHECK(nnue::evaluate(*copy, full) == nnue::evaluate(*net, full));
  CHECK(nnue::evaluate(*copy, endgame) == nnue::evaluate(*net, endgame));
  // Only bucket 7 plays the start position: changing bucket 0 leaves it alone, and the reverse.
  auto changed = std::make_unique<nnue::Network>(*net);
  changed->output_bias[0] += 3 * nnue::QA * nnue::QB;
  CHECK(nnue::evaluate(*changed, full) == nnue::evaluate(*net, full));
  CHECK(nnue::evaluate(*changed, endgame) != nnue::evaluate(*net, endgame));
  changed = std::make_unique<nnue::Network>(*net);
  changed->output_weights[7 * 2 * nnue::HIDDEN + 9] += 50;
  changed->output_bias[7] += nnue::QA * nnue::QB;
  CHECK(nnue::evaluate(*changed, full) != nnue::evaluate(*net, full));
  CHECK(nnue::evaluate(*changed, endgame) == nnue::evaluate(*net, endgame));

  bytes[24] = 9;  // the bucket count field
  auto err = nnue::parse(bytes.data(), bytes.size(), *copy);
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("output buckets"));
}

TEST_CASE("version 1 network files (one output layer) still load", "[nnue]") {
  const auto net = random_network(1, 12);
  // Version 1 is version 2 without the bucket count field.
  auto bytes = nnue::serialize(*net);
  bytes.resize(bytes.size() - 8);
  bytes.erase(bytes.begin() + 24, bytes.begin() + 28);
  bytes[8] = 1;
  const std::uint64_t sum = nnue::checksum(bytes.data(), bytes.size());
  for (int i = 0; i < 8; ++i) bytes.push_back(std::uint8_t(sum >> (8 * i)));
  auto copy = std::make_unique<nnue::Network>();
  REQUIRE_FALSE(nnue::parse(bytes.data(), bytes.size(), *copy).has_value());
  CHECK(copy->output_buckets == 1);
  CHECK(nnue::serialize(*copy) == nnue::serialize(*net));
  for (const char* fen :
       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/5pk1/8/3R4/8/2K5/6P1/8 b - - 0 1"})
    CHECK(nnue::evaluate(*copy, from_fen(fen)) == nnue::evaluate(*net, from_fen(fen)));
}

TEST_CASE("a FIFO or a folder as the network file is refused at once", "[nnue]") {
  auto net = std::make_unique<nnue::Network>();
  const auto fifo = test::make_fifo("net.fifo");
  const auto err = test::load_without_blocking(fifo, [&] { return nnue::load_file(fifo.string(), *net); });
  REQUIRE(err);
  CHECK_THAT(*err, Catch::Contains("is not a regular file"));
  const auto folder = nnue::load_file(std::filesystem::temp_directory_path().string(), *net);
  REQUIRE(folder);
  CHECK_THAT(*folder, Catch::Contains("is not a regular file"));
}

TEST_CASE("the SIMD back end's network output equals the scalar reference's", "[nnue]") {
  // The embedded network, and random ones whose accumulators cross both ends of SCReLU's clamp
  // and whose output weights sit at the limit the 16-bit product allows.
  auto extreme = random_network(8, 13);
  std::mt19937_64 rng(14);
  for (auto& w : extreme->output_weights)
    w = std::int16_t(rng() % 2 ? nnue::MAX_OUTPUT_WEIGHT : -nnue::MAX_OUTPUT_WEIGHT);
  const auto embedded = nnue::embedded_network();
  const auto random = random_network(8, 15);
  const nnue::Network* nets[] = {embedded.get(), random.get(), extreme.get()};
  const auto cases = test::load_perft_suite("random-walks.epd");
  REQUIRE(cases.size() > 100);
  for (const nnue::Network* net : nets) {
    for (const auto& c : cases) {
      const Position pos = from_fen(c.fen);
      nnue::Accumulator simd, scalar;
      nnue::refresh(*net, pos, simd);
      nnue::reference_refresh(*net, pos, scalar);
      INFO(c.fen);
      REQUIRE(simd.values == scalar.values);
      REQUIRE(nnue::output(*net, simd, pos) == nnue::reference_output(*net, scalar, pos));
    }
  }
}

TEST_CASE("incremental accumulators equal a full refresh through every kind of move", "[nnue]") {
  const auto net = random_network(8, 16);
  net->mirrored_inputs = GENERATE(false, true);  // e1c1 crosses the d/e line
  Position pos = from_fen("r3k2r/pPP3pp/8/3pP3/8/8/P5pP/R3K2R w KQkq d6 0 1");
  nnue::AccumulatorStack stack;
  stack.reset(*net, pos);
  const auto require_refreshed = [&] {
    nnue::Accumulator fresh;
    nnue::reference_refresh(*net, pos, fresh);
    REQUIRE(stack.current(pos).values == fresh.values);
  };
  // En passant, castling both ways, promotions with and without capture, plain captures, a
  // king out of check, a null move, a double push; "0000" is the null move.
  const char* line[] = {"e5d6",  "e8g8", "b7a8q", "g2h1n", "e1c1", "f8a8",
                        "c7c8r", "a8c8", "c1b2",  "0000",  "a2a4", "h7h5"};
  std::vector<Move> played;
  int en_passant = 0, castling = 0, promotions = 0;
  for (const char* text : line) {
    INFO(pos.fen() << " " << text);
    if (std::string(text) == "0000") {
      REQUIRE_FALSE(pos.in_check());
      stack.push_null();
      pos.make_null_move();
      played.push_back(Move::none());
    } else {
      const Move m = parse_uci_move(pos, text);
      REQUIRE(m);
      en_passant += m.kind() == Move::EN_PASSANT;
      castling += m.kind() == Move::CASTLING;
      promotions += m.kind() == Move::PROMOTION;
      stack.push(pos, m);
      pos.make_move(m);
      played.push_back(m);
    }
    require_refreshed();
  }
  CHECK((en_passant == 1 && castling == 2 && promotions == 3));
  // Taken back, each position's accumulators are the ones a refresh gives again.
  for (auto it = played.rbegin(); it != played.rend(); ++it) {
    if (*it)
      pos.unmake_move(*it);
    else
      pos.unmake_null_move();
    stack.pop();
    require_refreshed();
  }
}
