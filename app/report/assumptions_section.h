// The report's two sections on assumptions and setups, kept apart from html_report_writer.cpp:
// "Which assumptions decide the verdict" (the assumptions experiment, when the
// report was asked for it: `balance report ... --assumptions`; otherwise the
// command that measures it) and "Which setups decide the game" (the setup
// conditions of the report's own run), plus the summary's line for each.
#pragma once

#include <ostream>
#include <string>

#include "app/report/report_data.h"

namespace wb::app {

// The summary lines (HTML fragments without <li>); "" when there is nothing to say.
std::string assumptionsSummaryLine(const ReportData& data);
std::string conditionsSummaryLine(const ReportData& data);

// The sections as HTML (an <h2> and what follows).
void writeAssumptionsSection(std::ostream& h, const ReportData& data);
void writeConditionsSection(std::ostream& h, const ReportData& data);

// At most this many findings are listed per section (the rest are counted).
inline constexpr std::size_t kFindingsListed = 10;

}  // namespace wb::app
