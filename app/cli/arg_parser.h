// A small flag parser shared by the `balance` subcommands:
// positional arguments, `--flag VALUE`, `--flag=VALUE`, repeatable flags and
// switches. Unknown flags, missing values and a flag that is not repeatable
// given twice are usage errors (exit 2).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace wb::app {

class ArgParser {
 public:
  // Declares a flag that takes a value (`repeatable`: may be given many times).
  ArgParser& option(const std::string& name, bool repeatable = false);
  // Declares a switch (no value).
  ArgParser& flag(const std::string& name);

  // Parses; false with `error` set on unknown flags or missing values.
  bool parse(const std::vector<std::string>& args, std::string& error);

  const std::vector<std::string>& positional() const { return m_positional; }
  bool has(const std::string& name) const;
  std::optional<std::string> value(const std::string& name) const;  // the one given (the last of a repeatable)
  std::vector<std::string> values(const std::string& name) const;   // all given

  // Typed getters: nullopt if absent; false (with error) if present but malformed.
  bool intValue(const std::string& name, long long& out, std::string& error) const;
  // The same, also false (with error) outside [min, max]: numbers never wrap
  // (`--players 4294967300` is an error, not 4 players).
  bool intValue(const std::string& name, long long& out, std::string& error, long long min, long long max) const;
  bool doubleValue(const std::string& name, double& out, std::string& error) const;

 private:
  std::set<std::string> m_options, m_repeatable, m_flags;
  std::map<std::string, std::vector<std::string>> m_values;
  std::set<std::string> m_seenFlags;
  std::vector<std::string> m_positional;
};

}  // namespace wb::app
