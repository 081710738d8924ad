#include "app/cli/arg_parser.h"

#include "model/core/scalar.h"

namespace wb::app {

ArgParser& ArgParser::option(const std::string& name, bool repeatable) {
  m_options.insert(name);
  if (repeatable) m_repeatable.insert(name);
  return *this;
}

ArgParser& ArgParser::flag(const std::string& name) {
  m_flags.insert(name);
  return *this;
}

bool ArgParser::parse(const std::vector<std::string>& args, std::string& error) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() < 2 || a[0] != '-' || a == "-" || (a[1] != '-' && !(a[1] >= 'a' && a[1] <= 'z'))) {
      m_positional.push_back(a);
      continue;
    }
    std::string name = a;
    std::optional<std::string> inlineValue;
    if (auto eq = a.find('='); eq != std::string::npos) {
      name = a.substr(0, eq);
      inlineValue = a.substr(eq + 1);
    }
    if (m_flags.count(name)) {
      if (inlineValue) {
        error = "flag " + name + " takes no value";
        return false;
      }
      m_seenFlags.insert(name);
      continue;
    }
    if (!m_options.count(name)) {
      error = "unknown option '" + name + "'";
      return false;
    }
    std::string v;
    if (inlineValue) {
      v = *inlineValue;
    } else {
      if (i + 1 >= args.size()) {
        error = "option " + name + " needs a value";
        return false;
      }
      v = args[++i];
    }
    auto& slot = m_values[name];
    if (!slot.empty() && !m_repeatable.count(name)) {
      // Never silently the last one: `--games 10 ... --games 1000000` is a slip.
      error = "option " + name + " given twice ('" + slot.back() + "' and '" + v + "')";
      return false;
    }
    slot.push_back(v);
  }
  return true;
}

bool ArgParser::has(const std::string& name) const {
  return m_seenFlags.count(name) || m_values.count(name);
}

std::optional<std::string> ArgParser::value(const std::string& name) const {
  auto it = m_values.find(name);
  if (it == m_values.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ArgParser::values(const std::string& name) const {
  auto it = m_values.find(name);
  return it == m_values.end() ? std::vector<std::string>{} : it->second;
}

bool ArgParser::intValue(const std::string& name, long long& out, std::string& error) const {
  auto v = value(name);
  if (!v) return true;
  auto parsed = model::parseInt(*v);
  if (!parsed) {
    // Digits that do not fit a 64-bit integer are out of range, not "not a number".
    const std::size_t sign = !v->empty() && ((*v)[0] == '-' || (*v)[0] == '+') ? 1 : 0;
    const bool digits = v->size() > sign && v->find_first_not_of("0123456789", sign) == std::string::npos;
    error = "option " + name + (digits ? " is out of range: '" : " expects an integer, got '") + *v + "'";
    return false;
  }
  out = *parsed;
  return true;
}

bool ArgParser::intValue(const std::string& name, long long& out, std::string& error, long long min,
                         long long max) const {
  long long v = out;
  if (!intValue(name, v, error)) return false;
  if (has(name) && v < min) {
    error = name + " must be at least " + std::to_string(min) + ", got " + *value(name);
    return false;
  }
  if (has(name) && v > max) {
    error = name + " must be at most " + std::to_string(max) + ", got " + *value(name);
    return false;
  }
  out = v;
  return true;
}

bool ArgParser::doubleValue(const std::string& name, double& out, std::string& error) const {
  auto v = value(name);
  if (!v) return true;
  auto parsed = model::parseNumber(*v);
  if (!parsed) {
    error = "option " + name + " expects a number, got '" + *v + "'";
    return false;
  }
  out = *parsed;
  return true;
}

}  // namespace wb::app
