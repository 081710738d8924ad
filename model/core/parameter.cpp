#include "model/core/parameter.h"

#include <algorithm>
#include <cmath>

#include "model/core/scalar.h"

namespace wb::model {

const char* toString(ParameterType t) {
  switch (t) {
    case ParameterType::Int: return "int";
    case ParameterType::Float: return "float";
    case ParameterType::Bool: return "bool";
    case ParameterType::Enum: return "enum";
    case ParameterType::String: return "string";
  }
  return "?";
}

std::optional<ParameterType> parameterTypeFromString(const std::string& s) {
  if (s == "int") return ParameterType::Int;
  if (s == "float") return ParameterType::Float;
  if (s == "bool") return ParameterType::Bool;
  if (s == "enum") return ParameterType::Enum;
  if (s == "string") return ParameterType::String;
  return std::nullopt;
}

std::string toString(const ParameterValue& v) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(long long i) const { return std::to_string(i); }
    std::string operator()(double d) const { return formatNumber(d); }
    std::string operator()(const std::string& s) const { return s; }
  };
  return std::visit(Visitor{}, v);
}

std::optional<double> toNumber(const ParameterValue& v) {
  if (auto b = std::get_if<bool>(&v)) return *b ? 1.0 : 0.0;
  if (auto i = std::get_if<long long>(&v)) return static_cast<double>(*i);
  if (auto d = std::get_if<double>(&v)) return *d;
  return std::nullopt;
}

std::optional<ParameterValue> Parameter::parse(const std::string& text) const {
  switch (type) {
    case ParameterType::Int:
      if (auto i = parseInt(text)) return ParameterValue{*i};
      return std::nullopt;
    case ParameterType::Float:
      if (auto d = parseNumber(text)) return ParameterValue{*d};
      return std::nullopt;
    case ParameterType::Bool:
      if (auto b = parseBool(text)) return ParameterValue{*b};
      return std::nullopt;
    case ParameterType::Enum:
    case ParameterType::String:
      return ParameterValue{text};
  }
  return std::nullopt;
}

std::string Parameter::check(const ParameterValue& v) const {
  auto expectType = [&](bool ok) { return ok ? std::string() : std::string("expected ") + (type == ParameterType::Int ? "an integer" : type == ParameterType::Float ? "a number" : type == ParameterType::Bool ? "true or false" : "text") + " for parameter '" + id + "', got '" + toString(v) + "'"; };
  switch (type) {
    case ParameterType::Int:
      if (auto e = expectType(std::holds_alternative<long long>(v)); !e.empty()) return e;
      break;
    case ParameterType::Float:
      if (auto e = expectType(std::holds_alternative<double>(v) || std::holds_alternative<long long>(v)); !e.empty()) return e;
      break;
    case ParameterType::Bool:
      return expectType(std::holds_alternative<bool>(v));
    case ParameterType::String:
      return expectType(std::holds_alternative<std::string>(v));
    case ParameterType::Enum: {
      if (auto e = expectType(std::holds_alternative<std::string>(v)); !e.empty()) return e;
      const auto& s = std::get<std::string>(v);
      if (std::find(choices.begin(), choices.end(), s) == choices.end()) {
        std::string list;
        for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
        return "value '" + s + "' of parameter '" + id + "' is not one of: " + list;
      }
      return {};
    }
  }
  double x = *toNumber(v);
  if (!(std::fabs(x) <= kMaxEngineInteger))
    return "value " + toString(v) + " of parameter '" + id + "' is out of the range the engines read, [-" +
           formatNumber(kMaxEngineInteger) + ", " + formatNumber(kMaxEngineInteger) + "]";
  if ((min && x < *min) || (max && x > *max)) {
    std::string range = "[" + (min ? formatNumber(*min) : std::string("-inf")) + ", " +
                        (max ? formatNumber(*max) : std::string("inf")) + "]";
    return "value " + toString(v) + " of parameter '" + id + "' is out of range " + range;
  }
  return {};
}

}  // namespace wb::model
