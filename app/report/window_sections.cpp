#include "app/report/window_sections.h"

#include "app/report/svg_chart.h"

namespace wb::app {

namespace {
std::string esc(const std::string& s) { return xmlEscape(s); }
}  // namespace

void writeWindowSections(std::ostream& h, const ReportData& d) {
  if (d.window.empty()) return;
  h << "<h2>Measured in the window</h2>\n";
  h << "<p>The workbench's other results, as they stood on screen when this report was exported (no game was "
       "played for them). Each names the revision of the ruleset it was measured on; this report's revision is <code>"
    << esc(d.contentHash) << "</code>.</p>\n";
  for (const WindowSection& w : d.window) {
    h << "<h3>" << esc(w.title) << "</h3>\n";
    h << "<p class=\"muted\">Measured on revision <code>" << esc(w.revision) << "</code>"
      << (w.revision == d.contentHash ? " (this report's)" : "") << (w.revisionNote.empty() ? "" : ": " + esc(w.revisionNote))
      << ".</p>\n";
    for (const std::string& n : w.notes) h << "<p>" << esc(n) << "</p>\n";
    for (const WindowTable& t : w.tables) {
      if (t.rows.empty()) continue;
      if (!t.caption.empty()) h << "<p><i>" << esc(t.caption) << "</i></p>\n";
      h << "<table>\n<tr>";
      for (const std::string& c : t.head) h << "<th>" << esc(c) << "</th>";
      h << "</tr>\n";
      for (const auto& row : t.rows) {
        h << "<tr>";
        for (const std::string& c : row) h << "<td>" << esc(c) << "</td>";
        h << "</tr>\n";
      }
      h << "</table>\n";
    }
  }
}

}  // namespace wb::app
