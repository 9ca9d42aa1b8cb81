// The command-line tools' shared convention: a command line a tool refuses prints the error and
// the tool's usage on stderr and exits 2 (scripts can tell it from a run that failed, exit 1);
// `vireo TOOL --help` prints the same usage on stdout.
#pragma once

#include <cstdio>
#include <string>

namespace vireo {

inline int usage_error(const char* tool, const std::string& error, const char* usage) {
  std::fprintf(stderr, "%s: error: %s\nusage: vireo %s %s\n", tool, error.c_str(), tool, usage);
  return 2;
}

}  // namespace vireo
