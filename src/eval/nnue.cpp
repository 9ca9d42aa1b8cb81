#include "vireo/eval/nnue.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <iterator>

#include "vireo/util/files.h"

#if defined(__AVX512BW__) || defined(__AVX2__)
#include <immintrin.h>
#endif

extern "C" {
extern const unsigned char vireo_embedded_net[];
extern const unsigned long vireo_embedded_net_size;
}

namespace vireo::nnue {

namespace {

constexpr char MAGIC[8] = {'V', 'I', 'R', 'O', 'N', 'N', 'U', 'E'};
constexpr std::size_t V1_HEADER_BYTES = 8 + 4 * 4, HEADER_BYTES = V1_HEADER_BYTES + 4;

constexpr std::size_t file_bytes(std::size_t header, std::size_t hidden, std::size_t buckets) {
  const std::size_t features = (INPUTS * hidden + hidden) * 2, output_layer = 2 * hidden * 2 + 4;
  return header + features + buckets * output_layer + 8;
}
// SCReLU's product v * w is formed in 16 bits before it is widened (see screlu_dot), which is
// exact only while |w| * QA fits: the trainer clips output weights well inside this.
constexpr int MAX_OUTPUT_WEIGHT = 128;

std::uint64_t fnv1a(const std::uint8_t* data, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
  return h;
}

template <class T>
T read_le(const std::uint8_t*& p) {
  T v;
  std::memcpy(&v, p, sizeof v);  // the formats are little-endian, as is every x86 host
  p += sizeof v;
  return v;
}

template <class T>
void write_le(std::vector<std::uint8_t>& out, T v) {
  std::uint8_t bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  for (std::uint8_t b : bytes) out.push_back(b);
}

// sum over i of clamp(acc[i], 0, QA)^2 * w[i]. Each product v * (v * w) is exact in 32 bits
// and each SIMD lane sums at most 2 * HIDDEN / 16 of them, so no lane can overflow; the lanes
// are added in 64 bits. Every path therefore returns the same number.
std::int64_t screlu_dot(const std::int16_t* acc, const std::int16_t* w) {
  std::int64_t total = 0;
#if defined(__AVX512BW__)
  const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(QA);
  __m512i sum = _mm512_setzero_si512();
  for (int i = 0; i < HIDDEN; i += 32) {
    const __m512i v = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(acc + i), zero), qa);
    const __m512i vw = _mm512_mullo_epi16(v, _mm512_load_si512(w + i));
    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(v, vw));
  }
  alignas(64) std::int32_t lanes[16];
  _mm512_store_si512(lanes, sum);
  for (std::int32_t x : lanes) total += x;
#elif defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < HIDDEN; i += 16) {
    const __m256i v = _mm256_min_epi16(_mm256_max_epi16(_mm256_load_si256((const __m256i*)(acc + i)), zero), qa);
    const __m256i vw = _mm256_mullo_epi16(v, _mm256_load_si256((const __m256i*)(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
  }
  alignas(32) std::int32_t lanes[8];
  _mm256_store_si256((__m256i*)lanes, sum);
  for (std::int32_t x : lanes) total += x;
#else
  for (int i = 0; i < HIDDEN; ++i) {
    const std::int32_t v = std::clamp<std::int32_t>(acc[i], 0, QA);
    total += v * (v * w[i]);
  }
#endif
  return total;
}

// Plain loops: compilers vectorise these int16 adds for whatever VIREO_ARCH allows.
void add_feature(std::int16_t* acc, const std::int16_t* w) {
  for (int i = 0; i < HIDDEN; ++i) acc[i] = std::int16_t(acc[i] + w[i]);
}

template <int ADDS, int SUBS>
void fused_update(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds,
                  const std::int16_t* const* subs) {
  for (int i = 0; i < HIDDEN; ++i) {
    std::int16_t v = in[i];
    for (int a = 0; a < ADDS; ++a) v = std::int16_t(v + adds[a][i]);
    for (int s = 0; s < SUBS; ++s) v = std::int16_t(v - subs[s][i]);
    out[i] = v;
  }
}

const std::int16_t* weights_of(const Network& net, Color perspective, Piece p, Square s) {
  return net.feature_weights.data() + std::size_t(feature_index(perspective, p, s)) * HIDDEN;
}

}  // namespace

namespace {

// The one parser: `width`, when given, is the only width accepted (the engine's own).
std::optional<std::string> parse_file(const std::uint8_t* data, std::size_t size, int width, NetworkFile& out) {
  if (size < V1_HEADER_BYTES || std::memcmp(data, MAGIC, sizeof MAGIC) != 0) return std::string("not a Vireo network file");
  const std::uint8_t* p = data + sizeof MAGIC;
  const auto version = read_le<std::uint32_t>(p), inputs = read_le<std::uint32_t>(p), hidden = read_le<std::uint32_t>(p);
  const auto cp_scale = read_le<std::int32_t>(p);
  if (version != 1 && version != FORMAT_VERSION)
    return fmt::format("network format version {}, this build reads 1 and {}", version, FORMAT_VERSION);
  if (inputs != INPUTS || (width ? hidden != std::uint32_t(width) : hidden % 32 || hidden == 0 || hidden > MAX_HIDDEN))
    return width ? fmt::format("network is {}->{}, this build plays {}->{}", inputs, hidden, INPUTS, width)
                 : fmt::format("network is {}->{}, expected {}->(a multiple of 32 up to {})", inputs, hidden, INPUTS, MAX_HIDDEN);
  if (version > 1 && size < HEADER_BYTES) return fmt::format("network file has {} bytes, too short", size);
  const std::uint32_t buckets = version == 1 ? 1 : read_le<std::uint32_t>(p);
  if (buckets < 1 || buckets > MAX_OUTPUT_BUCKETS)
    return fmt::format("network has {} output buckets, this build plays 1 to {}", buckets, MAX_OUTPUT_BUCKETS);
  const std::size_t expected = file_bytes(version == 1 ? V1_HEADER_BYTES : HEADER_BYTES, hidden, buckets);
  if (size != expected) return fmt::format("network file has {} bytes, expected {}", size, expected);
  std::uint64_t stored;
  std::memcpy(&stored, data + size - 8, 8);
  if (stored != fnv1a(data, size - 8)) return std::string("network checksum mismatch (corrupt file)");

  if (cp_scale < 1 || cp_scale > MAX_CP_SCALE) return fmt::format("network output scale {} out of range", cp_scale);
  NetworkFile net{int(hidden), int(buckets), cp_scale, std::vector<std::int16_t>(std::size_t(INPUTS) * hidden),
                  std::vector<std::int16_t>(hidden), std::vector<std::int16_t>(std::size_t(buckets) * 2 * hidden),
                  std::vector<std::int32_t>(buckets)};
  for (auto& w : net.feature_weights) w = read_le<std::int16_t>(p);
  for (auto& b : net.feature_bias) b = read_le<std::int16_t>(p);
  for (auto& w : net.output_weights) {
    w = read_le<std::int16_t>(p);
    if (std::abs(w) > MAX_OUTPUT_WEIGHT) return fmt::format("output weight {} out of range", w);
  }
  for (auto& b : net.output_bias) b = read_le<std::int32_t>(p);
  out = std::move(net);
  return std::nullopt;
}

std::optional<std::string> read_file(const std::string& path, std::size_t max_bytes, std::vector<std::uint8_t>& bytes) {
  std::ifstream in;
  if (auto err = open_input_file(in, path, "network file", std::ios::binary)) return err;
  // Read at most one byte past the largest valid size: a huge wrong file is not slurped whole.
  bytes.resize(max_bytes + 1);
  in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
  bytes.resize(std::size_t(in.gcount()));
  return std::nullopt;
}

}  // namespace

std::optional<std::string> parse(const std::uint8_t* data, std::size_t size, NetworkFile& out) {
  return parse_file(data, size, 0, out);
}

std::optional<std::string> parse(const std::uint8_t* data, std::size_t size, Network& out) {
  NetworkFile file;
  if (auto err = parse_file(data, size, HIDDEN, file)) return err;
  auto net = std::make_unique<Network>();
  net->cp_scale = file.cp_scale;
  net->output_buckets = file.output_buckets;
  std::copy(file.feature_weights.begin(), file.feature_weights.end(), net->feature_weights.begin());
  std::copy(file.feature_bias.begin(), file.feature_bias.end(), net->feature_bias.begin());
  net->output_weights.fill(0);
  net->output_bias.fill(0);
  std::copy(file.output_weights.begin(), file.output_weights.end(), net->output_weights.begin());
  std::copy(file.output_bias.begin(), file.output_bias.end(), net->output_bias.begin());
  out = *net;
  return std::nullopt;
}

namespace {

template <class Net>
std::optional<std::string> load_as(const std::string& path, Net& out, int max_hidden) {
  std::vector<std::uint8_t> bytes;
  if (auto err = read_file(path, file_bytes(HEADER_BYTES, std::size_t(max_hidden), MAX_OUTPUT_BUCKETS), bytes)) return err;
  if (auto err = parse(bytes.data(), bytes.size(), out)) return fmt::format("'{}': {}", path, *err);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> load_file(const std::string& path, Network& out) { return load_as(path, out, HIDDEN); }
std::optional<std::string> load_file(const std::string& path, NetworkFile& out) { return load_as(path, out, MAX_HIDDEN); }

std::vector<std::uint8_t> serialize(const NetworkFile& net) {
  std::vector<std::uint8_t> out(MAGIC, MAGIC + sizeof MAGIC);
  write_le<std::uint32_t>(out, FORMAT_VERSION);
  write_le<std::uint32_t>(out, INPUTS);
  write_le<std::uint32_t>(out, std::uint32_t(net.hidden));
  write_le<std::int32_t>(out, net.cp_scale);
  write_le<std::uint32_t>(out, std::uint32_t(net.output_buckets));
  for (auto w : net.feature_weights) write_le(out, w);
  for (auto b : net.feature_bias) write_le(out, b);
  for (auto w : net.output_weights) write_le(out, w);
  for (auto b : net.output_bias) write_le(out, b);
  write_le(out, fnv1a(out.data(), out.size()));
  return out;
}

std::vector<std::uint8_t> serialize(const Network& net) {
  const auto layers = std::size_t(net.output_buckets) * 2 * HIDDEN;
  return serialize(NetworkFile{HIDDEN, net.output_buckets, net.cp_scale,
                               {net.feature_weights.begin(), net.feature_weights.end()},
                               {net.feature_bias.begin(), net.feature_bias.end()},
                               {net.output_weights.begin(), net.output_weights.begin() + std::ptrdiff_t(layers)},
                               {net.output_bias.begin(), net.output_bias.begin() + net.output_buckets}});
}

std::shared_ptr<const Network> embedded_network() {
  static const std::shared_ptr<const Network> net = [] {
    auto n = std::make_shared<Network>();
    if (auto err = parse(vireo_embedded_net, vireo_embedded_net_size, *n))
      throw std::logic_error("the embedded network is invalid: " + *err);  // a build error, not a user's
    return n;
  }();
  return net;
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  for (Color c : {WHITE, BLACK}) {
    std::copy(net.feature_bias.begin(), net.feature_bias.end(), acc.values[c].begin());
    for (Bitboard b = pos.pieces(); b;) {
      const Square s = pop_lsb(b);
      add_feature(acc.values[c].data(), weights_of(net, c, pos.piece_on(s), s));
    }
  }
}

int output(const Network& net, const Accumulator& acc, const Position& pos) {
  const int bucket = output_bucket(popcount(pos.pieces()), net.output_buckets);
  const std::int16_t* w = net.output_weights.data() + std::size_t(bucket) * 2 * HIDDEN;
  const Color stm = pos.side_to_move();
  const std::int64_t sum = screlu_dot(acc.values[stm].data(), w) + screlu_dot(acc.values[~stm].data(), w + HIDDEN);
  const std::int64_t cp = (sum / QA + net.output_bias[std::size_t(bucket)]) * net.cp_scale / (QA * QB);
  return int(std::clamp<std::int64_t>(cp, -SCORE_TB_WIN_IN_MAX + 1, SCORE_TB_WIN_IN_MAX - 1));
}

int evaluate(const Network& net, const Position& pos) {
  Accumulator acc;
  refresh(net, pos, acc);
  return output(net, acc, pos);
}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
  net_ = &net;
  top_ = 0;
  refresh(net, pos, entries_[0].acc);
  entries_[0].computed = true;
}

void AccumulatorStack::push(const Position& pos, Move m) {
  Entry& e = entries_[++top_];
  e.computed = false;
  e.change_count = 0;
  const Color us = pos.side_to_move();
  const Piece moved = pos.moved_piece(m);
  const Square from = m.from(), to = m.to();
  if (m.kind() == Move::CASTLING) {
    // The update is a sum: squares the two swap, or the king keeps (Chess960), cancel out.
    e.changes[e.change_count++] = {moved, from, to};
    e.changes[e.change_count++] = {make_piece(us, ROOK), pos.castling_rook(m), castling_rook_to(m)};
    return;
  }
  if (m.kind() == Move::EN_PASSANT)
    e.changes[e.change_count++] = {make_piece(~us, PAWN), Square(to - pawn_push(us)), NO_SQUARE};
  else if (!pos.empty(to))
    e.changes[e.change_count++] = {pos.piece_on(to), to, NO_SQUARE};
  if (m.kind() == Move::PROMOTION) {
    e.changes[e.change_count++] = {moved, from, NO_SQUARE};
    e.changes[e.change_count++] = {make_piece(us, m.promotion()), NO_SQUARE, to};
  } else {
    e.changes[e.change_count++] = {moved, from, to};
  }
}

void AccumulatorStack::push_null() {
  Entry& e = entries_[++top_];
  e.computed = false;
  e.change_count = 0;
}

void AccumulatorStack::apply(const Entry& parent, Entry& e) const {
  for (Color c : {WHITE, BLACK}) {
    const std::int16_t* adds[3];
    const std::int16_t* subs[3];
    int n_add = 0, n_sub = 0;
    for (int i = 0; i < e.change_count; ++i) {
      const PieceChange& ch = e.changes[i];
      if (ch.from != NO_SQUARE) subs[n_sub++] = weights_of(*net_, c, ch.piece, ch.from);
      if (ch.to != NO_SQUARE) adds[n_add++] = weights_of(*net_, c, ch.piece, ch.to);
    }
    const std::int16_t* in = parent.acc.values[c].data();
    std::int16_t* out = e.acc.values[c].data();
    // One pass over the accumulator for the usual shapes: a quiet move or promotion (1 add,
    // 1 sub), a capture (1, 2), castling (2, 2); a null move only copies.
    if (n_add == 1 && n_sub == 1) fused_update<1, 1>(in, out, adds, subs);
    else if (n_add == 1 && n_sub == 2) fused_update<1, 2>(in, out, adds, subs);
    else if (n_add == 2 && n_sub == 2) fused_update<2, 2>(in, out, adds, subs);
    else fused_update<0, 0>(in, out, adds, subs);
  }
  e.computed = true;
}

int AccumulatorStack::evaluate(const Position& pos) {
  int base = top_;
  while (!entries_[base].computed) --base;  // entry 0 is always computed
  for (int i = base + 1; i <= top_; ++i) apply(entries_[i - 1], entries_[i]);
  return output(*net_, entries_[top_].acc, pos);
}

}  // namespace vireo::nnue
