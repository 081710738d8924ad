#include "app/gui/window/overview_page.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/window/described_rules_summary.h"
#include "app/report/report_data.h"
#include "model/path/ruleset_path.h"

namespace wb::app {

OverviewPage::OverviewPage(RulesetDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  auto* outer = new QVBoxLayout(this);
  auto* identity = new QGroupBox(tr("Ruleset"), this);
  auto* form = new QFormLayout(identity);
  m_id = new QLineEdit(identity);
  m_name = new QLineEdit(identity);
  m_engine = new QLabel(identity);
  m_engine->setWordWrap(true);
  m_version = new QSpinBox(identity);
  m_version->setRange(1, 100000);
  m_version->setKeyboardTracking(false);
  m_minPlayers = new QSpinBox(identity);
  m_maxPlayers = new QSpinBox(identity);
  for (auto* s : {m_minPlayers, m_maxPlayers}) {
    s->setRange(1, 16);
    s->setKeyboardTracking(false);
  }
  auto* players = new QHBoxLayout;
  players->addWidget(m_minPlayers);
  players->addWidget(new QLabel(tr("to"), identity));
  players->addWidget(m_maxPlayers);
  players->addStretch();
  form->addRow(tr("Id"), m_id);
  form->addRow(tr("Name"), m_name);
  form->addRow(tr("Engine"), m_engine);
  form->addRow(tr("Version"), m_version);
  form->addRow(tr("Players"), players);
  outer->addWidget(identity);

  auto* about = new QGroupBox(tr("Description"), this);
  auto* aboutLayout = new QVBoxLayout(about);
  m_description = new QLabel(about);
  m_description->setWordWrap(true);
  m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
  aboutLayout->addWidget(m_description);
  outer->addWidget(about);

  auto* contents = new QGroupBox(tr("Contents"), this);
  auto* contentsLayout = new QVBoxLayout(contents);
  m_summary = new QLabel(contents);
  m_summary->setTextFormat(Qt::RichText);
  m_summary->setWordWrap(true);
  contentsLayout->addWidget(m_summary);
  outer->addWidget(contents);
  // A game in the rules language: its counters, zones, phases (shown only then).
  m_rulesBox = new QGroupBox(tr("Rules"), this);
  m_rulesBox->setObjectName(QStringLiteral("describedRules"));
  auto* rulesLayout = new QVBoxLayout(m_rulesBox);
  m_rules = new QLabel(m_rulesBox);
  m_rules->setTextFormat(Qt::RichText);
  m_rules->setWordWrap(true);
  rulesLayout->addWidget(m_rules);
  outer->addWidget(m_rulesBox);
  m_rulesBox->hide();
  outer->addStretch();

  connect(m_id, &QLineEdit::editingFinished, this, [this] { commit(QStringLiteral("id"), m_id->text()); });
  connect(m_name, &QLineEdit::editingFinished, this, [this] { commit(QStringLiteral("name"), m_name->text()); });
  connect(m_version, &QSpinBox::valueChanged, this,
          [this](int v) { commit(QStringLiteral("version"), QString::number(v)); });
  connect(m_minPlayers, &QSpinBox::valueChanged, this,
          [this](int v) { commit(QStringLiteral("players.min"), QString::number(v)); });
  connect(m_maxPlayers, &QSpinBox::valueChanged, this,
          [this](int v) { commit(QStringLiteral("players.max"), QString::number(v)); });
  connect(document, &RulesetDocument::changed, this, &OverviewPage::refresh);
  connect(document, &RulesetDocument::reset, this, &OverviewPage::refresh);
  connect(document, &RulesetDocument::diagnosticsChanged, this, &OverviewPage::refresh);
  refresh();
}

void OverviewPage::commit(const QString& path, const QString& text) {
  const auto now = model::getPath(m_document->ruleset(), path.toStdString());
  if (now && QString::fromStdString(now->text) == text) return;
  QString error;
  if (!m_document->setValue(path, text, &error)) {
    Q_EMIT message(tr("%1: %2").arg(path, error));
    refresh();
  }
}

void OverviewPage::refresh() {
  const auto& r = m_document->ruleset();
  const QSignalBlocker b1(m_id), b2(m_name), b3(m_version), b4(m_minPlayers), b5(m_maxPlayers);
  if (!m_id->hasFocus()) m_id->setText(QString::fromStdString(r.id));
  if (!m_name->hasFocus()) m_name->setText(QString::fromStdString(r.name));
  const auto* schema = m_document->schema();
  m_engine->setText(schema ? QStringLiteral("<b>%1</b> — %2")
                                 .arg(QString::fromStdString(r.engine), QString::fromStdString(schema->description).toHtmlEscaped())
                           : tr("<b>%1</b> (unknown engine: no simulation, no engine checks)")
                                 .arg(QString::fromStdString(r.engine)));
  m_version->setValue(r.version);
  m_minPlayers->setValue(r.players.min);
  m_maxPlayers->setValue(r.players.max);
  QString description = QString::fromStdString(r.description);
  if (!r.assumed.empty()) description += tr("\n\nAssumed: %1").arg(QString::fromStdString(r.assumed));
  m_description->setText(description.isEmpty() ? tr("(no description)") : description);

  const QString rules = describedRulesSummary(r);
  m_rules->setText(rules);
  m_rulesBox->setVisible(!rules.isEmpty());

  int effects = 0, assumed = 0;
  QStringList rows;
  const char* names[] = {"Cards", "Tiles", "Events", "Abilities", "Factions"};
  for (model::Section s : model::kSections) {
    int copies = 0;
    for (const auto& e : r.entities(s)) {
      effects += static_cast<int>(e.effects.size());
      copies += e.count;
    }
    if (!r.entities(s).empty())
      rows << tr("<tr><td>%1</td><td align=right><b>%2</b></td><td>&nbsp;(%3 copies)</td></tr>")
                  .arg(tr(names[static_cast<int>(s)]))
                  .arg(r.entities(s).size())
                  .arg(copies);
  }
  // The marks the report lists (report_data.h assumedMarks): the ruleset,
  // parameters, dice, entities, effects and dice questions, so both say the same number.
  assumed = static_cast<int>(assumedMarks(r).size());
  const int errors = m_document->errorCount(), warnings = m_document->warningCount();
  m_summary->setText(
      tr("<table cellspacing=4><tr><td>Parameters</td><td align=right><b>%1</b></td></tr>"
         "<tr><td>Dice</td><td align=right><b>%2</b></td></tr>%3"
         "<tr><td>Effects</td><td align=right><b>%4</b></td></tr>"
         "<tr><td title='Places marked assumed (no public source): the ruleset, parameters, dice, entities, effects "
         "and dice questions, as the report lists them'>Marked <i>assumed</i></td><td align=right><b>%5</b></td></tr></table>"
         "<p>File: %6<br>%7</p>")
          .arg(r.parameters.size())
          .arg(r.dice.size())
          .arg(rows.join(QString()))
          .arg(effects)
          .arg(assumed)
          .arg(m_document->filePath().isEmpty() ? tr("(not saved)") : m_document->filePath().toHtmlEscaped())
          .arg(errors + warnings == 0
                   ? tr("<span style='color:#2e7d32'>No problems.</span>")
                   : tr("<span style='color:#c62828'>%1 error(s), %2 warning(s) — see Diagnostics.</span>")
                         .arg(errors)
                         .arg(warnings)));
}

}  // namespace wb::app
