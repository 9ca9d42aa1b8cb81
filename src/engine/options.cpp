#include "vireo/engine/options.h"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace vireo {

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
         });
}

}  // namespace

void OptionRegistry::add_check(std::string name, bool def, OnChange on_change) {
  std::string v = def ? "true" : "false";
  options_.push_back({std::move(name), Type::Check, v, 0, 0, {}, std::move(on_change), v});
}

void OptionRegistry::add_spin(std::string name, long long def, long long min, long long max, OnChange on_change) {
  std::string v = std::to_string(def);
  options_.push_back({std::move(name), Type::Spin, v, min, max, {}, std::move(on_change), v});
}

void OptionRegistry::add_combo(std::string name, std::string def, std::vector<std::string> choices,
                               OnChange on_change) {
  options_.push_back({std::move(name), Type::Combo, def, 0, 0, std::move(choices), std::move(on_change), def});
}

void OptionRegistry::add_string(std::string name, std::string def, OnChange on_change) {
  options_.push_back({std::move(name), Type::String, def, 0, 0, {}, std::move(on_change), def});
}

void OptionRegistry::add_button(std::string name, OnChange on_change) {
  options_.push_back({std::move(name), Type::Button, "", 0, 0, {}, std::move(on_change), ""});
}

void OptionRegistry::bind_check(std::string name, bool& field) {
  add_check(std::move(name), field, [&field](const std::string& v) -> std::optional<std::string> {
    field = v == "true";
    return std::nullopt;
  });
}

void OptionRegistry::bind_spin(std::string name, int& field, long long min, long long max) {
  add_spin(std::move(name), field, min, max, [&field](const std::string& v) -> std::optional<std::string> {
    field = std::stoi(v);
    return std::nullopt;
  });
}

std::vector<std::string> OptionRegistry::uci_lines() const {
  std::vector<std::string> lines;
  for (const Option& o : options_) {
    switch (o.type) {
      case Type::Check:
        lines.push_back(fmt::format("option name {} type check default {}", o.name, o.default_value));
        break;
      case Type::Spin:
        lines.push_back(
            fmt::format("option name {} type spin default {} min {} max {}", o.name, o.default_value, o.min, o.max));
        break;
      case Type::Combo: {
        std::string line = fmt::format("option name {} type combo default {}", o.name, o.default_value);
        for (const auto& c : o.choices) line += " var " + c;
        lines.push_back(line);
        break;
      }
      case Type::String:
        lines.push_back(fmt::format("option name {} type string default {}", o.name,
                                    o.default_value.empty() ? "<empty>" : o.default_value));
        break;
      case Type::Button:
        lines.push_back(fmt::format("option name {} type button", o.name));
        break;
    }
  }
  return lines;
}

OptionRegistry::Option* OptionRegistry::find_mutable(std::string_view name) {
  for (Option& o : options_)
    if (iequals(o.name, name)) return &o;
  return nullptr;
}

const OptionRegistry::Option* OptionRegistry::find(std::string_view name) const {
  return const_cast<OptionRegistry*>(this)->find_mutable(name);
}

std::optional<std::string> OptionRegistry::set(std::string_view name, std::string_view value) {
  Option* o = find_mutable(name);
  if (!o) return fmt::format("unknown option '{}'", name);
  std::string v(value);
  switch (o->type) {
    case Type::Check:
      if (iequals(v, "true"))
        v = "true";
      else if (iequals(v, "false"))
        v = "false";
      else
        return fmt::format("option '{}' takes true or false, not '{}'", o->name, value);
      break;
    case Type::Spin: {
      long long n = 0;
      auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc() || ptr != v.data() + v.size() || n < o->min || n > o->max)
        return fmt::format("option '{}' takes an integer from {} to {}, not '{}'", o->name, o->min, o->max, value);
      v = std::to_string(n);
      break;
    }
    case Type::Combo: {
      auto it = std::find_if(o->choices.begin(), o->choices.end(), [&](const std::string& c) { return iequals(c, v); });
      if (it == o->choices.end()) return fmt::format("option '{}' has no choice '{}'", o->name, value);
      v = *it;
      break;
    }
    case Type::String:
      if (iequals(v, "<empty>")) v.clear();
      break;
    case Type::Button:
      break;
  }
  if (o->on_change)
    if (auto err = o->on_change(v)) return err;
  if (o->type != Type::Button) o->value = v;
  return std::nullopt;
}

long long OptionRegistry::spin(std::string_view name) const {
  const Option* o = find(name);
  if (!o) throw std::logic_error(fmt::format("no option {}", name));
  return std::stoll(o->value);
}

bool OptionRegistry::check(std::string_view name) const {
  const Option* o = find(name);
  if (!o) throw std::logic_error(fmt::format("no option {}", name));
  return o->value == "true";
}

const std::string& OptionRegistry::string(std::string_view name) const {
  const Option* o = find(name);
  if (!o) throw std::logic_error(fmt::format("no option {}", name));
  return o->value;
}

}  // namespace vireo
