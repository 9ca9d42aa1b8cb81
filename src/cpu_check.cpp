// A binary built for newer instructions than the CPU has would die of SIGILL (or, on Windows,
// an "illegal instruction" crash) somewhere in start-up. This check runs first, before any
// other static initialiser, and is compiled for the baseline x86-64 (see CMakeLists.txt), so
// that it can itself run anywhere and say what is missing.
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

struct Feature {
  const char* name;
  bool (*present)();
};

// __builtin_cpu_supports takes only a literal, hence one lambda per feature.
#define VIREO_FEATURE(n)                             \
  Feature {                                          \
    n, [] { return __builtin_cpu_supports(n) != 0; } \
  }
constexpr Feature FEATURES[] = {
    VIREO_FEATURE("popcnt"),  VIREO_FEATURE("sse4.2"),   VIREO_FEATURE("avx2"),     VIREO_FEATURE("bmi2"),
    VIREO_FEATURE("avx512f"), VIREO_FEATURE("avx512bw"), VIREO_FEATURE("avx512dq"), VIREO_FEATURE("avx512vl"),
};
#undef VIREO_FEATURE

// Whether the comma-separated `list` holds `name`. Plain C: this runs before the C++ library's
// own initialisers may have.
bool listed(const char* list, const char* name) {
  const std::size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n)
    if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0')) return true;
  return false;
}

__attribute__((constructor(101))) void check_cpu() {
  __builtin_cpu_init();
  char missing[128] = "";
  for (const Feature& f : FEATURES)
    if (listed(VIREO_CPU_FEATURES, f.name) && !f.present()) {
      if (missing[0]) std::strcat(missing, " ");
      std::strcat(missing, f.name);
    }
  if (!missing[0]) return;
  std::printf(
      "Vireo: this build (%s) needs CPU instructions this processor lacks (%s); use a build for an older "
      "CPU level, such as x86-64\n",
      VIREO_ARCH_NAME, missing);
  std::fflush(stdout);
  std::_Exit(1);
}

}  // namespace
