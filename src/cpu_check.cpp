// A binary built for newer instructions than the CPU has would die of SIGILL (or, on Windows,
// an "illegal instruction" crash) somewhere in start-up. This check runs first, before any
// other static initialiser, and is compiled for the baseline x86-64 (see CMakeLists.txt), so
// that it can itself run anywhere and say what is missing.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Feature {
  const char* name;
  bool (*present)();
};

// __builtin_cpu_supports takes only a literal, hence one lambda per feature.
#define VIREO_FEATURE(n) Feature{n, [] { return __builtin_cpu_supports(n) != 0; }}
constexpr Feature FEATURES[] = {
    VIREO_FEATURE("popcnt"),   VIREO_FEATURE("sse4.2"),   VIREO_FEATURE("avx2"),     VIREO_FEATURE("bmi2"),
    VIREO_FEATURE("avx512f"),  VIREO_FEATURE("avx512bw"), VIREO_FEATURE("avx512dq"), VIREO_FEATURE("avx512vl"),
};
#undef VIREO_FEATURE

bool listed(const char* list, const char* name) {
  const std::string padded = std::string(",") + list + ",";
  return padded.find(std::string(",") + name + ",") != std::string::npos;
}

__attribute__((constructor(101))) void check_cpu() {
  __builtin_cpu_init();
  std::string missing;
  for (const Feature& f : FEATURES)
    if (listed(VIREO_CPU_FEATURES, f.name) && !f.present()) missing += (missing.empty() ? "" : " ") + std::string(f.name);
  if (missing.empty()) return;
  std::printf("Vireo: this build (%s) needs CPU instructions this processor lacks (%s); use a build for an older "
              "CPU level, such as x86-64\n",
              VIREO_ARCH_NAME, missing.c_str());
  std::fflush(stdout);
  std::_Exit(1);
}

}  // namespace
