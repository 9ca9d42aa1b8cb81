#include "vireo/engine/options.h"
#include "vireo/search/search_params.h"

#include <string>

namespace vireo {

void register_tunable_options(OptionRegistry& options) {
  if constexpr (!params::TUNING) return;
  for (const params::Tunable& t : params::tunables()) {
    const std::string name(t.name);
    // The registry has checked the bounds, which are the tunable's own.
    options.add_spin(name, t.default_value, t.min, t.max, [name](const std::string& v) -> std::optional<std::string> {
      params::set_tunable(name, std::stoi(v));
      return std::nullopt;
    });
  }
}

}  // namespace vireo
