// A YAML scalar kept as its text, with typed views. Used for free-form entity
// properties and effect arguments, whose types the engine's schema declares.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace wb::model {

struct Field {
  std::string key;
  std::string text;                 // scalar text (empty for lists)
  std::vector<std::string> items;   // list items, when isList
  bool isList = false;

  std::optional<long long> asInt() const;   // exact integer text only
  std::optional<double> asNumber() const;   // any finite number
  std::optional<bool> asBool() const;       // true/false/yes/no
  friend bool operator==(const Field&, const Field&) = default;
};

// The largest magnitude of a number the engines read as an integer (costs,
// counts, integer parameters and arguments, die faces): they hold them in a
// 32-bit int, where 2^31 would wrap (a cost of 2147483648 played as 0). A
// ruleset value beyond it is an error at its line, in the file, in --set and
// in a sweep's values alike; more than any game needs, with room
// for the sums an engine forms.
inline constexpr double kMaxEngineInteger = 1'000'000'000;

// Parsing helpers shared by the loader, paths and the CLI's --set.
std::optional<long long> parseInt(const std::string& text);
std::optional<double> parseNumber(const std::string& text);
std::optional<bool> parseBool(const std::string& text);
// Shortest text that round-trips a double ("18", "0.5", "1e-09").
std::string formatNumber(double value);

}  // namespace wb::model
