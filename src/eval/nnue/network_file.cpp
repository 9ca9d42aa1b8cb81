#include "vireo/eval/nnue/network_file.h"

#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "vireo/util/files.h"

extern "C" {
extern const unsigned char vireo_embedded_net[];
extern const unsigned long vireo_embedded_net_size;
}

namespace vireo::nnue {

namespace {

constexpr char MAGIC[8] = {'V', 'I', 'R', 'O', 'N', 'N', 'U', 'E'};
constexpr std::size_t V1_HEADER_BYTES = 8 + 4 * 4, V2_HEADER_BYTES = V1_HEADER_BYTES + 4,
                      V3_HEADER_BYTES = V2_HEADER_BYTES + 4;
constexpr std::uint32_t PLAIN_INPUTS = 0, MIRRORED_INPUTS = 1;

constexpr std::size_t header_bytes(std::uint32_t version) {
  return version == 1 ? V1_HEADER_BYTES : version == 2 ? V2_HEADER_BYTES : V3_HEADER_BYTES;
}

constexpr std::size_t file_bytes(std::size_t header, std::size_t hidden, std::size_t buckets) {
  const std::size_t features = (INPUTS * hidden + hidden) * 2, output_layer = 2 * hidden * 2 + 4;
  return header + features + buckets * output_layer + 8;
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

// The one parser: `width`, when given, is the only width accepted (the engine's own).
std::optional<std::string> parse_file(const std::uint8_t* data, std::size_t size, int width, NetworkFile& out) {
  if (size < V1_HEADER_BYTES || std::memcmp(data, MAGIC, sizeof MAGIC) != 0)
    return std::string("not a Vireo network file");
  const std::uint8_t* p = data + sizeof MAGIC;
  const auto version = read_le<std::uint32_t>(p), inputs = read_le<std::uint32_t>(p),
             hidden = read_le<std::uint32_t>(p);
  const auto cp_scale = read_le<std::int32_t>(p);
  if (version < 1 || version > FORMAT_VERSION)
    return fmt::format("network format version {}, this build reads 1 to {}", version, FORMAT_VERSION);
  if (inputs != INPUTS || (width ? hidden != std::uint32_t(width) : hidden % 32 || hidden == 0 || hidden > MAX_HIDDEN))
    return width ? fmt::format("network is {}->{}, this build plays {}->{}", inputs, hidden, INPUTS, width)
                 : fmt::format("network is {}->{}, expected {}->(a multiple of 32 up to {})", inputs, hidden, INPUTS,
                               MAX_HIDDEN);
  if (size < header_bytes(version)) return fmt::format("network file has {} bytes, too short", size);
  const std::uint32_t buckets = version == 1 ? 1 : read_le<std::uint32_t>(p);
  if (buckets < 1 || buckets > MAX_OUTPUT_BUCKETS)
    return fmt::format("network has {} output buckets, this build plays 1 to {}", buckets, MAX_OUTPUT_BUCKETS);
  const std::uint32_t layout = version < 3 ? PLAIN_INPUTS : read_le<std::uint32_t>(p);
  if (layout != PLAIN_INPUTS && layout != MIRRORED_INPUTS)
    return fmt::format("network input layout {}, this build reads {} (plain) and {} (mirrored)", layout, PLAIN_INPUTS,
                       MIRRORED_INPUTS);
  const std::size_t expected = file_bytes(header_bytes(version), hidden, buckets);
  if (size != expected) return fmt::format("network file has {} bytes, expected {}", size, expected);
  std::uint64_t stored;
  std::memcpy(&stored, data + size - 8, 8);
  if (stored != checksum(data, size - 8)) return std::string("network checksum mismatch (corrupt file)");

  if (cp_scale < 1 || cp_scale > MAX_CP_SCALE) return fmt::format("network output scale {} out of range", cp_scale);
  NetworkFile net{int(hidden),
                  int(buckets),
                  cp_scale,
                  layout == MIRRORED_INPUTS,
                  std::vector<std::int16_t>(std::size_t(INPUTS) * hidden),
                  std::vector<std::int16_t>(hidden),
                  std::vector<std::int16_t>(std::size_t(buckets) * 2 * hidden),
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
  net->mirrored_inputs = file.mirrored_inputs;
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
  if (auto err = read_file(path, file_bytes(V3_HEADER_BYTES, std::size_t(max_hidden), MAX_OUTPUT_BUCKETS), bytes))
    return err;
  if (auto err = parse(bytes.data(), bytes.size(), out)) return fmt::format("'{}': {}", path, *err);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> load_file(const std::string& path, Network& out) { return load_as(path, out, HIDDEN); }
std::optional<std::string> load_file(const std::string& path, NetworkFile& out) {
  return load_as(path, out, MAX_HIDDEN);
}

std::vector<std::uint8_t> serialize(const NetworkFile& net) {
  std::vector<std::uint8_t> out(MAGIC, MAGIC + sizeof MAGIC);
  write_le<std::uint32_t>(out, net.mirrored_inputs ? 3 : 2);
  write_le<std::uint32_t>(out, INPUTS);
  write_le<std::uint32_t>(out, std::uint32_t(net.hidden));
  write_le<std::int32_t>(out, net.cp_scale);
  write_le<std::uint32_t>(out, std::uint32_t(net.output_buckets));
  if (net.mirrored_inputs) write_le<std::uint32_t>(out, MIRRORED_INPUTS);
  for (auto w : net.feature_weights) write_le(out, w);
  for (auto b : net.feature_bias) write_le(out, b);
  for (auto w : net.output_weights) write_le(out, w);
  for (auto b : net.output_bias) write_le(out, b);
  write_le(out, checksum(out.data(), out.size()));
  return out;
}

std::vector<std::uint8_t> serialize(const Network& net) {
  const auto layers = std::size_t(net.output_buckets) * 2 * HIDDEN;
  return serialize(NetworkFile{HIDDEN,
                               net.output_buckets,
                               net.cp_scale,
                               net.mirrored_inputs,
                               {net.feature_weights.begin(), net.feature_weights.end()},
                               {net.feature_bias.begin(), net.feature_bias.end()},
                               {net.output_weights.begin(), net.output_weights.begin() + std::ptrdiff_t(layers)},
                               {net.output_bias.begin(), net.output_bias.begin() + net.output_buckets}});
}

// FNV-1a, 64-bit: any flipped bit or truncation shows, and it takes a few lines, not a library.
std::uint64_t checksum(const std::uint8_t* data, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
  return h;
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

}  // namespace vireo::nnue
