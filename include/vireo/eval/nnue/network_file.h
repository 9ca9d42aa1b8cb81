// The network file format, shared by the engine (EvalFile, the embedded network) and the
// trainer (its export, and --init).
//
// Little-endian: "VIRONNUE" magic, u32 format version, u32 input count, u32 hidden size, i32
// cp_scale, u32 output bucket count B, then int16 feature weights [input][hidden], int16
// feature biases [hidden], int16 output weights [B][2 * hidden], int32 output biases [B], and a
// u64 FNV-1a checksum of every byte before it. Version 1 files (the generation 1 and 2
// networks) have no bucket count field and one output layer. Version 3 adds a u32 input layout
// after B (0: plain, 1: horizontally mirrored inputs); a plain network is still written as
// version 2, so the files of earlier networks keep their bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vireo/eval/nnue/network.h"

namespace vireo::nnue {

constexpr std::uint32_t FORMAT_VERSION = 3;

// A network file's contents at the width it was trained, which may differ from this build's:
// the trainer widens a narrower network into its own (the engine plays only `Network`).
struct NetworkFile {
  int hidden = HIDDEN;
  int output_buckets = 1;
  std::int32_t cp_scale = SIGMOID_SCALE;
  bool mirrored_inputs = false;
  std::vector<std::int16_t> feature_weights;  // [input][hidden]
  std::vector<std::int16_t> feature_bias;     // [hidden]
  std::vector<std::int16_t> output_weights;   // [bucket][2 * hidden]
  std::vector<std::int32_t> output_bias;      // [bucket]
};
// Parses a network file's bytes; on error returns a message naming what is wrong.
std::optional<std::string> parse(const std::uint8_t* data, std::size_t size, Network& out);
std::optional<std::string> parse(const std::uint8_t* data, std::size_t size, NetworkFile& out);
// Reads and parses a file; on error returns the message and leaves `out` alone.
std::optional<std::string> load_file(const std::string& path, Network& out);
std::optional<std::string> load_file(const std::string& path, NetworkFile& out);
// Serialises a network in the file format above (the trainer's export, and the tests').
std::vector<std::uint8_t> serialize(const NetworkFile& net);
std::vector<std::uint8_t> serialize(const Network& net);
// The checksum a file ends with, over the `n` bytes before it.
std::uint64_t checksum(const std::uint8_t* data, std::size_t n);
// The network built into the executable.
std::shared_ptr<const Network> embedded_network();

}  // namespace vireo::nnue
