// The report's tuning parts, kept apart from
// html_report_writer.cpp: when a tune result belongs to the ruleset the
// report is made from (the same content hash: the same values, targets and
// knobs) the summary opens with "Proposed changes" — the edits and each
// target's verified verdict on fresh seeds — and a section "Tuning: the
// alternatives and the sensitivity model" holds the smaller edit sets the
// search tried and the measured effect of moving each knob (a step or a long jump). A result of
// another revision is left out (the report says nothing of it).
#pragma once

#include <ostream>
#include <string>

#include "app/report/report_data.h"
#include "simulation/tune/tune_result.h"

namespace wb::app {

// Puts `result` into `data` when `resultHash` (the content hash of the ruleset
// the tune started from) is the report's; true when it did.
bool attachTuneResult(ReportData& data, const sim::TuneResult& result, const std::string& resultHash);

// The summary's opening "Proposed changes" (an <h3> and what follows); "" without a tune.
std::string proposedChangesHtml(const ReportData& data);
// The alternatives and the sensitivity table (an <h2> and what follows); nothing without a tune.
void writeTuneSection(std::ostream& h, const ReportData& data);

// At most this many rows of the sensitivity table (the largest effects first; the rest counted).
inline constexpr std::size_t kSensitivityRows = 40;

}  // namespace wb::app
