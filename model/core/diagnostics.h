// Source locations and the diagnostics every loader/validator collects.
//
// Contract (../shared/DESIGN.md): errors in user data never throw across layers;
// every problem is collected and printed as `file:line:column: error: message`,
// 1-based like compilers print them (yaml-cpp marks are 0-based: convert with
// SourceLocation::fromMark-style helpers in the YAML layer).
#pragma once

#include <string>
#include <vector>

namespace wb::model {

struct SourceLocation {
  std::string file;  // as given to the loader (relative paths stay relative)
  int line = 0;      // 1-based; 0 = unknown
  int column = 0;    // 1-based; 0 = unknown

  bool known() const { return line > 0; }
  // `file:line:column` (or `file` / `file:line` when parts are unknown).
  std::string toString() const;
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  SourceLocation where;
  Severity severity = Severity::Error;
  std::string message;

  // `file:line:column: error: message`
  std::string format() const;
  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// An ordered list of problems; collects everything, never throws.
class Diagnostics {
 public:
  void error(SourceLocation where, std::string message);
  void warning(SourceLocation where, std::string message);
  void add(Diagnostic d) { m_items.push_back(std::move(d)); }
  void append(const Diagnostics& other);

  bool hasErrors() const;
  bool empty() const { return m_items.empty(); }
  std::size_t size() const { return m_items.size(); }
  const std::vector<Diagnostic>& items() const { return m_items; }
  // Sorted by file, line, column (stable for equal positions).
  void sort();
  // One formatted line per diagnostic, each ending with '\n'.
  std::string format() const;

 private:
  std::vector<Diagnostic> m_items;
};

}  // namespace wb::model
