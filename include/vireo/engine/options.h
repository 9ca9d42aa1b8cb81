// The UCI option registry: each option declared once with its type, default, bounds and
// on-change action. The `uci` reply is printed from it and `setoption` validated by it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vireo {

class OptionRegistry {
 public:
  enum class Type { Check, Spin, Combo, Button, String };

  // Applies a new value; returns an error message to reject it (the old value stays).
  using OnChange = std::function<std::optional<std::string>(const std::string& value)>;

  struct Option {
    std::string name;
    Type type = Type::Button;
    std::string default_value;
    long long min = 0, max = 0;
    std::vector<std::string> choices;  // Combo only
    OnChange on_change;
    std::string value;
  };

  void add_check(std::string name, bool def, OnChange on_change = {});
  void add_spin(std::string name, long long def, long long min, long long max, OnChange on_change = {});
  void add_combo(std::string name, std::string def, std::vector<std::string> choices, OnChange on_change = {});
  void add_string(std::string name, std::string def, OnChange on_change = {});
  void add_button(std::string name, OnChange on_change);
  // An option that is a field of a value read when it is needed (SearchSettings, at each `go`):
  // the field's value is its default, and each change is stored there. The field must outlive
  // the registry.
  void bind_check(std::string name, bool& field);
  void bind_spin(std::string name, int& field, long long min, long long max);

  // One `option name ...` line per option, in declaration order.
  std::vector<std::string> uci_lines() const;
  // Validates and applies; returns an error message on an unknown name or a bad value.
  std::optional<std::string> set(std::string_view name, std::string_view value);

  const Option* find(std::string_view name) const;
  long long spin(std::string_view name) const;
  bool check(std::string_view name) const;
  const std::string& string(std::string_view name) const;

 private:
  Option* find_mutable(std::string_view name);
  std::vector<Option> options_;
};

// In a tune build (VIREO_TUNE), one spin option per search tunable (search_params.h), named as
// it is there; in any other build, nothing.
void register_tunable_options(OptionRegistry& options);

}  // namespace vireo
