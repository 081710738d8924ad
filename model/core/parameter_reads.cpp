#include "model/core/parameter_reads.h"

namespace wb::model {
namespace {
thread_local ParameterReadLog* t_current = nullptr;
}  // namespace

ParameterReadLog::ParameterReadLog() : m_outer(t_current) { t_current = this; }

ParameterReadLog::~ParameterReadLog() { t_current = m_outer; }

void ParameterReadLog::note(std::string_view id) {
  if (t_current) t_current->m_read.emplace(id);
}

}  // namespace wb::model
