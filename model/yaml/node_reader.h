// Private helper of the YAML loader (not part of the model's public API):
// reads yaml-cpp nodes by hand and turns every surprise — a wrong node type, a
// duplicate or non-scalar key, text that is not a number — into a diagnostic at
// the node's 1-based `file:line:column`. Nothing here throws.
//
// Locations: yaml-cpp marks are 0-based; loc() adds 1 to line and column and,
// for a quoted scalar, points at the first character inside the quote, so the
// column of a character inside the value is simply loc().column + offset
// (see offsetLocation in ruleset_validator.h). A null value (`key:` with nothing
// after it) is located at its key.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/origin.h"
#include "model/core/scalar.h"

namespace wb::model::yaml {

// One `key: value` pair of a map, with both places resolved.
struct MapEntry {
  std::string key;
  YAML::Node value;
  SourceLocation keyLoc;
  SourceLocation valueLoc;  // the key's location when the value is null
};

class NodeReader {
 public:
  NodeReader(std::string file, std::string_view text, Diagnostics& out);

  const std::string& file() const { return m_file; }
  Diagnostics& diagnostics() { return m_out; }
  void error(const SourceLocation& where, std::string message) { m_out.error(where, std::move(message)); }

  SourceLocation loc(const YAML::Node& node) const;
  SourceLocation locOfMark(const YAML::Mark& mark) const;

  // How a node reads in a message: `'many'` for a scalar, `a map`, `a list`, `nothing`.
  static std::string describe(const YAML::Node& node);

  // The pairs of a map in the order written. Non-scalar keys and duplicate keys
  // (`duplicate key 'cost' in card 'fire' (first at f.yaml:3:5)`) are reported
  // and skipped. With `origin`, records each key's value location and the key
  // order. `what` names the map in messages, e.g. "card 'fire'".
  std::vector<MapEntry> entries(const YAML::Node& map, const std::string& what, Origin* origin = nullptr);

  // `unknown key 'cots' in card 'fire'` at the key.
  void unknownKey(const MapEntry& e, const std::string& what);

  // Checks the node type; reports `expected a map for 'players', got a list`.
  bool expectMap(const MapEntry& e);
  bool expectList(const MapEntry& e);

  // Typed values of a scalar entry. On a mismatch each reports
  // `expected an integer for 'count', got 'many'` and returns nullopt.
  // text() accepts a null value as "".
  std::optional<std::string> text(const MapEntry& e);
  std::optional<long long> integer(const MapEntry& e);
  std::optional<double> number(const MapEntry& e);
  std::optional<bool> boolean(const MapEntry& e);
  // A list of scalars (`tags: [a, b]`).
  std::optional<std::vector<std::string>> textList(const MapEntry& e);
  // A scalar or a list of scalars, kept as text (effect arguments, properties).
  // With `origin`, records each list item's location as `key.N`.
  std::optional<Field> field(const MapEntry& e, Origin* origin = nullptr, const std::string& prefix = {});

 private:
  void typeError(const MapEntry& e, const char* expected);

  std::string m_file;
  std::string_view m_text;
  Diagnostics& m_out;
};

}  // namespace wb::model::yaml
