// The report's numbers for spreadsheets and scripts: CSV (one long table,
// section,item,metric,value,ci_lo,ci_hi,n) and JSON (the run document of
// `balance run`, the entity table with flags, the sweeps, the dice answers and
// the assumed marks; the skill ladder and the assumptions experiment when the
// report played them). Both hold the same numbers as the HTML and PDF reports.
#pragma once

#include <string>

#include "app/report/report_data.h"

namespace wb::app {

std::string csvReport(const ReportData& data);
std::string jsonReport(const ReportData& data);

}  // namespace wb::app
