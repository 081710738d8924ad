// A typed game parameter (`starting_health: {type: int, default: 100, min: 1}`).
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/core/origin.h"

namespace wb::model {

enum class ParameterType { Int, Float, Bool, Enum, String };
const char* toString(ParameterType t);                       // "int", "float", ...
std::optional<ParameterType> parameterTypeFromString(const std::string& s);

// The value of a parameter: bool, integer, float or text (enum choices are text).
using ParameterValue = std::variant<bool, long long, double, std::string>;
std::string toString(const ParameterValue& v);
// Numeric view (bool -> 0/1, text -> nullopt).
std::optional<double> toNumber(const ParameterValue& v);

struct Parameter {
  std::string id;
  ParameterType type = ParameterType::Int;
  ParameterValue value = 0LL;          // `default:` in YAML: the value the game uses
  std::optional<double> min, max, step;
  std::vector<std::string> choices;    // Enum only
  std::string description;
  std::string assumed;                 // why the value is assumed; empty = from a source
  // Other readings of an assumed value (`alternatives: [100, 200]` beside
  // `assumed:`), as written; the assumptions experiment plays each against the
  // shipped value. Each must parse as the type and pass check() (the
  // validator reports one that does not at its item's line).
  std::vector<std::string> alternatives;
  Origin origin;

  // Checks `v` against type, range and choices; returns an error message or "".
  std::string check(const ParameterValue& v) const;
  // Parses text as this parameter's type (no range check); nullopt if it is not one.
  std::optional<ParameterValue> parse(const std::string& text) const;

  friend bool operator==(const Parameter&, const Parameter&) = default;
};

}  // namespace wb::model
