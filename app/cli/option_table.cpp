#include "app/cli/option_table.h"

#include <stdexcept>

namespace wb::app {
OptionTable& OptionTable::add(OptionSpec spec) {
  m_specs.push_back(std::move(spec));
  return *this;
}

OptionTable& OptionTable::add(const OptionTable& more) {
  for (const auto& s : more.m_specs) m_specs.push_back(s);
  return *this;
}

OptionSpec& OptionTable::spec(const std::string& name) {
  for (auto& s : m_specs)
    if (s.name == name) return s;
  // A table is written in the code: a name missing here is a programming slip.
  throw std::logic_error("option table: no option " + name);
}

OptionTable& OptionTable::withHelp(const std::string& name, std::string help) {
  spec(name).help = std::move(help);
  return *this;
}

OptionTable& OptionTable::withFallback(const std::string& name, long long fallback) {
  spec(name).fallback = fallback;
  return *this;
}

OptionTable& OptionTable::helpColumn(std::size_t column) {
  m_column = column;
  return *this;
}

OptionTable& OptionTable::longNamesAbove() {
  m_longNamesAbove = true;
  return *this;
}

const OptionSpec* OptionTable::find(const std::string& name) const {
  for (const auto& s : m_specs)
    if (s.name == name) return &s;
  return nullptr;
}

void OptionTable::declare(ArgParser& parser) const {
  for (const auto& s : m_specs) {
    if (s.type == OptionType::Positional) continue;
    if (s.type == OptionType::Switch) parser.flag(s.name);
    else parser.option(s.name, s.repeatable);
  }
}

bool OptionTable::check(const ArgParser& parser, std::string& error) const {
  for (const auto& s : m_specs) {
    if (s.type == OptionType::Int) {
      long long v = 0;
      if (s.rangeError.empty() ? !parser.intValue(s.name, v, error, s.min, s.max) : !parser.intValue(s.name, v, error))
        return false;
      if (!s.rangeError.empty() && parser.has(s.name) && (v < s.min || v > s.max)) {
        error = s.rangeError;
        return false;
      }
    } else if (s.type == OptionType::Number) {
      double v = 0.0;
      if (!parser.doubleValue(s.name, v, error)) return false;
    }
  }
  return true;
}

long long OptionTable::integer(const ArgParser& parser, const std::string& name) const {
  const OptionSpec* s = find(name);
  long long v = s ? s->fallback : 0;
  std::string ignored;
  parser.intValue(name, v, ignored);
  return v;
}

double OptionTable::number(const ArgParser& parser, const std::string& name, double fallback) const {
  double v = fallback;
  std::string ignored;
  parser.doubleValue(name, v, ignored);
  return v;
}

std::string OptionTable::help() const {
  std::string out;
  for (const auto& s : m_specs) out += helpLines(s);
  return out;
}

std::string OptionTable::help(const std::string& group) const {
  std::string out;
  for (const auto& s : m_specs)
    if (s.group == group) out += helpLines(s);
  return out;
}

std::string OptionTable::helpLines(const OptionSpec& s) const {
  if (s.help.empty()) return "";
  std::string out = "  " + s.name + (s.meta.empty() ? "" : " " + s.meta);
  const bool fits = out.size() + 2 <= m_column;
  if (fits) out += std::string(m_column - out.size(), ' ');
  else if (m_longNamesAbove) out += "\n" + std::string(m_column, ' ');
  else out += "  ";
  std::size_t start = 0;
  while (true) {
    const std::size_t end = s.help.find('\n', start);
    out += s.help.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
    out += std::string(m_column, ' ');
  }
  return out;
}

bool parseOptions(const OptionTable& table, const std::vector<std::string>& args, ArgParser& parser,
                  std::string& error) {
  table.declare(parser);
  return parser.parse(args, error) && table.check(parser, error);
}

}  // namespace wb::app
