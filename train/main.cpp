// vireo-train: trains the evaluation network from `vireo datagen` records (see README.md).
#include <charconv>
#include <cstdio>
#include <string>
#include <vector>

#include "trainer.h"

namespace {

template <class T>
bool parse_number(const std::string& s, T& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

bool parse_args(int argc, char** argv, vireo::train::Config& c, std::string& error) {
  for (int i = 1; i < argc; ++i) {
    const std::string key = argv[i];
    if (i + 1 >= argc) {
      error = key + " needs a value";
      return false;
    }
    const std::string v = argv[++i];
    bool ok = true;
    if (key == "--data")
      c.data.push_back(v);
    else if (key == "--out")
      c.out = v;
    else if (key == "--init")
      c.init = v;
    else if (key == "--epochs")
      ok = parse_number(v, c.epochs) && c.epochs >= 1;
    else if (key == "--batch")
      ok = parse_number(v, c.batch) && c.batch >= 1;
    else if (key == "--threads")
      ok = parse_number(v, c.threads) && c.threads >= 1 && c.threads <= 256;
    else if (key == "--lr")
      ok = parse_number(v, c.lr) && c.lr > 0;
    else if (key == "--final-lr-ratio")
      ok = parse_number(v, c.final_lr_ratio) && c.final_lr_ratio > 0 && c.final_lr_ratio <= 1;
    else if (key == "--lambda")
      ok = parse_number(v, c.lambda) && c.lambda >= 0 && c.lambda <= 1;
    else if (key == "--lambda-end")
      ok = parse_number(v, c.lambda_end) && c.lambda_end >= 0 && c.lambda_end <= 1;
    else if (key == "--output-buckets")
      ok = parse_number(v, c.output_buckets) && c.output_buckets >= 1 &&
           c.output_buckets <= vireo::nnue::MAX_OUTPUT_BUCKETS;
    else if (key == "--val-fraction")
      ok = parse_number(v, c.val_fraction) && c.val_fraction > 0 && c.val_fraction < 1;
    else if (key == "--seed")
      ok = parse_number(v, c.seed);
    else if (key == "--max-positions")
      ok = parse_number(v, c.max_positions);
    else if (key == "--mirror") {
      ok = v == "on" || v == "off";
      c.mirror = v == "on";
    } else if (key == "--mirrored-inputs") {
      ok = v == "on" || v == "off";
      c.mirrored_inputs = v == "on";
    } else if (key == "--max-quant-error")
      ok = parse_number(v, c.max_quant_error) && c.max_quant_error > 0;
    else {
      error = "unknown option '" + key + "'";
      return false;
    }
    if (!ok) {
      error = "bad value '" + v + "' for " + key;
      return false;
    }
  }
  if (c.data.empty() || c.out.empty()) error = "--data FILE and --out NET are required";
  return error.empty();
}

}  // namespace

int main(int argc, char** argv) {
  vireo::train::Config cfg;
  std::string error;
  if (!parse_args(argc, argv, cfg, error)) {
    std::fprintf(stderr,
                 "vireo-train: error: %s\n"
                 "usage: vireo-train --data FILE [--data FILE ...] --out NET [--init NET] [--epochs N] [--batch N]\n"
                 "                   [--threads N] [--lr X] [--final-lr-ratio X] [--lambda X] [--lambda-end X]\n"
                 "                   [--output-buckets N] [--val-fraction X] [--seed N] [--max-positions N]\n"
                 "                   [--max-quant-error CP] [--mirror on|off] [--mirrored-inputs on|off]\n",
                 error.c_str());
    return 2;
  }
  error = vireo::train::Trainer(cfg).run();
  if (!error.empty()) {
    std::fprintf(stderr, "vireo-train: error: %s\n", error.c_str());
    return 1;
  }
  return 0;
}
