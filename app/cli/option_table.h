// One declarative table of a command's options (name, type, range, default,
// help). The table declares the options to the ArgParser, checks every number
// against its range in table order, supplies the default of an option not
// given, and prints the option lines of the command's --help, from which
// scripts/cli-reference makes data/docs/cli-reference.md: a range or a help
// line is written once.
//
//   const OptionTable& table = ...;             // the command's own, plus runOptionTable()
//   ArgParser parser;  table.declare(parser);
//   parser.parse(args, e) && table.check(parser, e)   -> else usage error (exit 2)
//   long long n = table.integer(parser, "--games");   // the one given, or the default
#pragma once

#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "app/cli/arg_parser.h"

namespace wb::app {

enum class OptionType {
  Switch,      // --conditions: no value
  Int,         // a whole number in [min, max]
  Number,      // a real number (its range is the command's to check: the messages differ)
  Text,        // a word, a list, a path
  Positional,  // FILE: only a help line (the command counts its positional arguments)
};

struct OptionSpec {
  std::string name{};  // "--games"; a positional's placeholder ("FILE")
  OptionType type = OptionType::Text;
  std::string meta{};  // the value's placeholder in --help ("N"); empty for a switch
  std::string help{};  // the help lines ('\n' between them); the printer indents the later ones
  long long min = std::numeric_limits<long long>::min();
  long long max = std::numeric_limits<long long>::max();
  long long fallback = 0;  // Int: the value when the option is not given
  bool repeatable = false;
  std::string rangeError{};
  std::string group{};  // a help section of its own (help(group)), where a command's --help has several  // Int: the message for a value outside [min, max], where a command words it its own way
};

class OptionTable {
 public:
  OptionTable() = default;
  OptionTable(std::initializer_list<OptionSpec> specs) : m_specs(specs) {}

  OptionTable& add(OptionSpec spec);
  OptionTable& add(const OptionTable& more);
  // The same option explained in a command's own words (a shared option whose
  // help names the command's default).
  OptionTable& withHelp(const std::string& name, std::string help);
  OptionTable& withFallback(const std::string& name, long long fallback);
  // Where the help text starts (20 by default; a table of long option names sets more).
  OptionTable& helpColumn(std::size_t column);
  // An option whose name and value do not fit before the column get their help
  // on the lines below (not after two spaces).
  OptionTable& longNamesAbove();

  const OptionSpec* find(const std::string& name) const;
  const std::vector<OptionSpec>& specs() const { return m_specs; }

  void declare(ArgParser& parser) const;
  // Every Int given is a whole number inside its range, every Number a number;
  // false with the first error in table order.
  bool check(const ArgParser& parser, std::string& error) const;
  // After check: the value given, or the table's fallback.
  long long integer(const ArgParser& parser, const std::string& name) const;
  double number(const ArgParser& parser, const std::string& name, double fallback = 0.0) const;

  // The option lines of --help: "  --games N         text", later lines under the text
  // (an option without help text has no line: a command names it in a line of its own).
  std::string help() const;
  std::string help(const std::string& group) const;  // the lines of one group

 private:
  OptionSpec& spec(const std::string& name);
  std::string helpLines(const OptionSpec& spec) const;
  std::vector<OptionSpec> m_specs;
  std::size_t m_column = 20;
  bool m_longNamesAbove = false;
};

// Declares `table`, parses `args` and checks the ranges; false with the error.
bool parseOptions(const OptionTable& table, const std::vector<std::string>& args, ArgParser& parser,
                  std::string& error);

}  // namespace wb::app
