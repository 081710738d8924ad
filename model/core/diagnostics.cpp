#include "model/core/diagnostics.h"

#include <algorithm>
#include <tuple>

namespace wb::model {

std::string SourceLocation::toString() const {
  std::string s = file;
  if (line > 0) {
    s += ':' + std::to_string(line);
    if (column > 0) s += ':' + std::to_string(column);
  }
  return s;
}

std::string Diagnostic::format() const {
  const char* level = severity == Severity::Error ? "error" : severity == Severity::Warning ? "warning" : "note";
  std::string where_ = where.toString();
  return (where_.empty() ? std::string() : where_ + ": ") + level + ": " + message;
}

void Diagnostics::error(SourceLocation where, std::string message) {
  m_items.push_back({std::move(where), Severity::Error, std::move(message)});
}

void Diagnostics::warning(SourceLocation where, std::string message) {
  m_items.push_back({std::move(where), Severity::Warning, std::move(message)});
}

void Diagnostics::append(const Diagnostics& other) {
  m_items.insert(m_items.end(), other.m_items.begin(), other.m_items.end());
}

bool Diagnostics::hasErrors() const {
  return std::any_of(m_items.begin(), m_items.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

void Diagnostics::sort() {
  std::stable_sort(m_items.begin(), m_items.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.where.file, a.where.line, a.where.column) <
           std::tie(b.where.file, b.where.line, b.where.column);
  });
}

std::string Diagnostics::format() const {
  std::string out;
  for (const auto& d : m_items) out += d.format() + '\n';
  return out;
}

}  // namespace wb::model
