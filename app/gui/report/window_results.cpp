#include "app/gui/report/window_results.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTextDocument>

#include "app/gui/balance/balance_panel.h"
#include "app/gui/balance/tune_result_view.h"
#include "app/gui/compare/compare_panel.h"
#include "app/gui/ladder/ladder_panel.h"
#include "app/gui/specialties/specialties_panel.h"

namespace wb::app {

namespace {

std::string plain(const QString& richOrPlain) {
  QTextDocument d;
  d.setHtml(richOrPlain);
  return d.toPlainText().simplified().toStdString();
}

// A table as the window shows it: its header and every row's text.
WindowTable tableOf(const QTableWidget* t, const QString& caption) {
  WindowTable out;
  out.caption = caption.toStdString();
  if (!t) return out;
  for (int c = 0; c < t->columnCount(); ++c) {
    const QTableWidgetItem* h = t->horizontalHeaderItem(c);
    out.head.push_back(h ? h->text().toStdString() : std::string());
  }
  const bool rowNames = t->verticalHeader() && t->verticalHeader()->isVisible() && t->verticalHeaderItem(0);
  if (rowNames) out.head.insert(out.head.begin(), std::string());
  for (int r = 0; r < t->rowCount(); ++r) {
    std::vector<std::string> row;
    if (rowNames) {
      const QTableWidgetItem* v = t->verticalHeaderItem(r);
      row.push_back(v ? v->text().toStdString() : std::string());
    }
    for (int c = 0; c < t->columnCount(); ++c) {
      const QTableWidgetItem* item = t->item(r, c);
      row.push_back(item ? item->text().toStdString() : std::string());
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

void addNote(WindowSection& s, const QString& text) {
  const std::string p = plain(text);
  if (!p.empty()) s.notes.push_back(p);
}

}  // namespace

std::vector<WindowSection> windowResults(const WindowPanels& p, const model::Ruleset& now) {
  std::vector<WindowSection> out;
  const std::string current = contentHash(now);
  if (p.compare && p.compare->result() && !p.compare->isRunning()) {
    WindowSection s;
    s.title = "Compare (the Compare tab)";
    s.revision = contentHash(p.compare->resultRuleset());
    if (s.revision != current) s.revisionNote = "the ruleset was edited after this comparison";
    addNote(s, p.compare->statusText());
    WindowTable edits;
    edits.caption = "The edits compared";
    edits.head = {"edit"};
    for (const auto& c : p.compare->result()->changes) edits.rows.push_back({c.describe()});
    s.tables.push_back(std::move(edits));
    s.tables.push_back(tableOf(p.compare->table(), QObject::tr("What the edits did")));
    out.push_back(std::move(s));
  }
  if (p.balance && p.balance->result() && !p.balance->isRunning()) {
    WindowSection s;
    s.title = "Tune (the Balance tab)";
    s.revision = contentHash(p.balance->resultRuleset());
    s.revisionNote = plain(p.balance->revisionNote());
    const TuneResultView* v = p.balance->resultView();
    addNote(s, v->verdictLabel()->text());
    s.tables.push_back(tableOf(v->editsTable(), QObject::tr("The proposal")));
    s.tables.push_back(tableOf(v->targetsTable(), QObject::tr("The targets, verified on fresh seeds")));
    s.tables.push_back(tableOf(v->alternativesTable(), QObject::tr("Alternatives")));
    out.push_back(std::move(s));
  }
  if (p.ladder && p.ladder->result() && !p.ladder->isRunning()) {
    WindowSection s;
    s.title = "Skill ladder (the Ladder tab)";
    s.revision = contentHash(p.ladder->resultRuleset());
    s.revisionNote = plain(p.ladder->revisionNote());
    addNote(s, p.ladder->statusText());
    s.tables.push_back(tableOf(p.ladder->ratingsTable(), QObject::tr("Ratings")));
    s.tables.push_back(tableOf(p.ladder->matrix(), QObject::tr("Pairings")));
    out.push_back(std::move(s));
  }
  if (p.specialties && p.specialties->result() && !p.specialties->isRunning()) {
    WindowSection s;
    s.title = "Specialties (the Specialties tab)";
    s.revision = p.specialties->resultHash().empty() ? current : p.specialties->resultHash();
    s.revisionNote = plain(p.specialties->revisionNote());
    addNote(s, p.specialties->statusText());
    s.tables.push_back(tableOf(p.specialties->baselineTable(), QObject::tr("Each faction against the baseline")));
    s.tables.push_back(tableOf(p.specialties->heatMap(), QObject::tr("Faction against faction")));
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace wb::app
