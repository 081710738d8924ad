// The one-page summary that opens every HTML / PDF report:
// what is unbalanced, by how much, how sure, from which agents — the first
// player, the factions, the entities that stand out, the sweeps' balance
// points, games cut at a cap, and the unsaved edits the report was made from.
// A verdict is printed only where its 95% interval supports it; everything
// else reads "no detectable ...".
#pragma once

#include <string>

#include "app/report/report_data.h"

namespace wb::app {

// The summary as an HTML fragment (<h2>Summary</h2> ...); in a PDF it fills
// the first page and the report goes on on the next.
std::string summaryHtml(const ReportData& data);

// "Meteor Strike" for an entity id the ruleset names, else the id.
std::string entityLabel(const ReportData& data, const std::string& id);

}  // namespace wb::app
