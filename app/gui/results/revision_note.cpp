#include "app/gui/results/revision_note.h"

#include <QCoreApplication>
#include <QLabel>
#include <QStringList>

#include "app/report/report_data.h"
#include "model/diff/ruleset_diff.h"

namespace wb::app {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("RevisionNote", text); }
}  // namespace

EditsSince editsSince(const model::Ruleset& played, const model::Ruleset& now) {
  const auto changes = model::diffRulesets(played, now);
  EditsSince e;
  e.count = static_cast<int>(changes.size());
  if (changes.empty()) return e;
  QStringList shown;
  for (std::size_t i = 0; i < changes.size() && i < 3; ++i) shown << QString::fromStdString(changes[i].describe());
  if (changes.size() > 3) shown << tr("...");
  e.text = tr("Played before %1 of the ruleset (%2)")
               .arg(e.count == 1 ? tr("1 edit") : tr("%1 edits").arg(e.count), shown.join(QStringLiteral("; ")));
  return e;
}

QString otherRevisionNote(const std::string& resultHash, const model::Ruleset& now, const QString& savedAt) {
  // A designer reads what happened, not two hashes: the saved results keep
  // only the hash of their rules, so the note says that the rules changed.
  (void)resultHash;
  (void)now;
  return tr("Played on another revision of this ruleset, saved %1: its rules (values, cards, dice...) were edited "
            "since these games were played, so these numbers are not the current file's. Run again to update them.")
      .arg(savedAt);
}

QLabel* newRevisionLabel(QWidget* parent) {
  auto* label = new QLabel(parent);
  label->setWordWrap(true);
  label->setObjectName(QStringLiteral("revisionNote"));
  label->setStyleSheet(QStringLiteral("QLabel { background: #fff4d6; border: 1px solid #e0b84c; padding: 4px; }"));
  label->hide();
  return label;
}

}  // namespace wb::app
