// The parameters an engine reads while it compiles a ruleset. `balance validate`
// records them and warns about every other parameter: no rule reads it, so a
// designer who changes it changes nothing. Recording is per thread and only while
// a ParameterReadLog is alive; Ruleset::parameter() and engines that bind
// parameters by name (expression slots) report to it.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace wb::model {

class ParameterReadLog {
 public:
  ParameterReadLog();   // starts recording on this thread (nested logs: the innermost records)
  ~ParameterReadLog();  // stops, restoring the enclosing one
  ParameterReadLog(const ParameterReadLog&) = delete;
  ParameterReadLog& operator=(const ParameterReadLog&) = delete;

  const std::set<std::string>& read() const { return m_read; }
  bool wasRead(std::string_view id) const { return m_read.count(std::string(id)) > 0; }
  // Notes that `id` was read; nothing happens when no log records on this thread.
  static void note(std::string_view id);

 private:
  std::set<std::string> m_read;
  ParameterReadLog* m_outer = nullptr;
};

}  // namespace wb::model
