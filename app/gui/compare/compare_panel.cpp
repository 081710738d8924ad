#include "app/gui/compare/compare_panel.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMetaObject>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/report/text_format.h"
#include "model/diff/ruleset_diff.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

namespace {

QString value(const sim::MetricDifference& m, double v) {
  return m.isRate ? QString::number(100.0 * v, 'f', 1) + QLatin1Char('%') : QString::number(v, 'f', 2);
}

QString signedValue(const sim::MetricDifference& m, double v) {
  const QString unit = m.isRate ? QStringLiteral(" pts") : QString();
  return (v > 0 ? QStringLiteral("+") : QString()) + QString::number(m.isRate ? 100.0 * v : v, 'f', m.isRate ? 1 : 2) + unit;
}

// The runner's label (sim::ComparisonRunner names factions and entities as
// the editor does: "faction Druid win rate (of all games)", "Meteor Strike
// played per game"); seats through tr() as everywhere in the window.
QString label(const sim::MetricDifference& m) {
  if (m.key.rfind("seat:", 0) == 0) {
    const int seat = QString::fromStdString(m.key.substr(5)).toInt();
    return QObject::tr("Seat %1 win rate (of all games)").arg(seat + 1);
  }
  return QString::fromStdString(m.label);
}

}  // namespace

ComparePanel::ComparePanel(RulesetDocument* document, SimulationPanel* simulation, QWidget* parent)
    : QWidget(parent), m_document(document), m_simulation(simulation) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Compare the open ruleset with"), this));
  m_baseline = new QComboBox(this);
  m_baseline->addItems({tr("the saved file"), tr("the revision of the run on screen"), tr("another file...")});
  bar->addWidget(m_baseline);
  m_run = new QPushButton(tr("Compare"), this);
  m_run->setToolTip(tr("Plays both revisions with the Simulation tab's settings and the same seeds (common random "
                       "numbers), as balance compare does."));
  bar->addWidget(m_run);
  bar->addStretch();
  outer->addLayout(bar);
  m_status = new QLabel(tr("Before / after: what your edits do to the numbers. Both sides are played with the "
                           "Simulation tab's games, seats, agents and seed."),
                        this);
  m_status->setWordWrap(true);
  outer->addWidget(m_status);
  auto* split = new QSplitter(Qt::Vertical, this);
  auto* editsBox = new QWidget(split);
  auto* editsLayout = new QVBoxLayout(editsBox);
  editsLayout->setContentsMargins(0, 0, 0, 0);
  editsLayout->addWidget(new QLabel(tr("<b>Edits</b> (before \u2192 after)"), editsBox));
  m_edits = new QListWidget(editsBox);
  editsLayout->addWidget(m_edits);
  m_table = new QTableWidget(0, 6, split);
  m_table->setHorizontalHeaderLabels({tr("Number (largest move first)"), tr("Before"), tr("After"), tr("Difference"),
                                      tr("95% interval"), tr("Verdict")});
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  split->setStretchFactor(1, 3);
  outer->addWidget(split, 1);

  connect(m_run, &QPushButton::clicked, this, [this] {
    if (isRunning()) {
      cancel();
      return;
    }
    if (m_baseline->currentIndex() == OtherFile && m_otherFile.isEmpty())
      m_otherFile = QFileDialog::getOpenFileName(this, tr("Compare with"), QFileInfo(m_document->filePath()).absolutePath(),
                                                 tr("Rulesets (*.yaml *.yml)"));
    if (!compare()) m_status->setText(m_error);
  });
  connect(m_baseline, &QComboBox::currentIndexChanged, this, [this] { m_otherFile.clear(); });
  connect(document, &RulesetDocument::reset, this, [this] {
    cancel();
    if (m_worker.joinable()) m_worker.join();
    m_result.reset();
    m_edits->clear();
    m_table->setRowCount(0);
  });
}

ComparePanel::~ComparePanel() {
  cancel();
  if (m_worker.joinable()) m_worker.join();
}

void ComparePanel::setBaseline(Baseline b) { m_baseline->setCurrentIndex(static_cast<int>(b)); }

void ComparePanel::cancel() {
  if (auto* r = m_runner.load()) r->cancel();
}

bool ComparePanel::baseline(model::Ruleset& out) {
  const auto lookup = rulesets::builtinEngines().schemaLookup();
  auto fromFile = [&](const QString& path) {
    if (path.isEmpty() || !QFileInfo::exists(path)) {
      m_error = path.isEmpty() ? tr("The ruleset has no saved file yet.") : tr("No file %1.").arg(path);
      return false;
    }
    auto loaded = model::loadRuleset(path.toStdString(), lookup);
    if (loaded.diagnostics.hasErrors()) {
      m_error = tr("%1 has errors: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(loaded.diagnostics.format()));
      return false;
    }
    out = std::move(loaded.ruleset);
    return true;
  };
  switch (static_cast<Baseline>(m_baseline->currentIndex())) {
    case SavedFile: return fromFile(m_document->filePath());
    case OtherFile: return fromFile(m_otherFile);
    case RunRevision:
      if (!m_simulation->hasResult() || m_simulation->resultRuleset() == model::Ruleset{}) {
        m_error = tr("No run on the Simulation tab (of this file's revisions) to compare with.");
        return false;
      }
      out = m_simulation->resultRuleset();
      return true;
  }
  return false;
}

bool ComparePanel::compare() {
  if (isRunning()) return false;
  if (m_document->errorCount() > 0) {
    m_error = tr("The ruleset has errors: fix them (see Diagnostics) first.");
    return false;
  }
  auto before = std::make_shared<model::Ruleset>();
  if (!baseline(*before)) return false;
  auto after = std::make_shared<model::Ruleset>(m_document->ruleset());
  m_pendingRuleset = *after;
  sim::RunConfig config;
  QString why;
  if (!m_simulation->runConfig(config, &why)) {
    m_error = why;
    return false;
  }
  if (m_worker.joinable()) m_worker.join();
  m_running.store(true);
  m_run->setText(tr("Cancel"));
  m_status->setText(tr("Playing both revisions (%L1 games each)...").arg(config.games));
  m_worker = std::thread([this, before, after, config] {
    sim::ComparisonRunner runner(rulesets::builtinEngines(), *before, *after, config);
    runner.setProgressCallback([this](const sim::ComparisonProgress& p) {
      const QString text = tr("Playing %1: %L2 / %L3 games").arg(p.side == 0 ? tr("before") : tr("after")).arg(p.gamesDone).arg(p.gamesTotal);
      QMetaObject::invokeMethod(this, [this, text] { if (isRunning()) m_status->setText(text); }, Qt::QueuedConnection);
    });
    m_runner.store(&runner);
    sim::ComparisonResult result = runner.run();
    m_runner.store(nullptr);
    QMetaObject::invokeMethod(this, [this, result = std::move(result)] {
      m_running.store(false);
      m_run->setText(tr("Compare"));
      if (!result.ok()) {
        m_error = QString::fromStdString(result.error);
        m_status->setText(m_error);
      } else {
        m_result = result;
        m_resultRuleset = m_pendingRuleset;
        show(result);
      }
      Q_EMIT finished();
    }, Qt::QueuedConnection);
  });
  return true;
}

void ComparePanel::show(const sim::ComparisonResult& r) {
  m_edits->clear();
  for (const auto& c : r.changes) m_edits->addItem(QString::fromStdString(c.describe()));
  if (r.changes.empty()) m_edits->addItem(tr("No edits: both sides are the same ruleset (the differences are noise)."));
  std::vector<const sim::MetricDifference*> rows;
  for (const auto& m : r.metrics) rows.push_back(&m);
  // Largest move first: rates in points and lengths in turns are not one
  // scale, so significant moves lead, then by size within each kind.
  std::stable_sort(rows.begin(), rows.end(), [](const auto* x, const auto* y) {
    if (x->significant != y->significant) return x->significant;
    return std::abs(x->delta) * (x->isRate ? 100.0 : 1.0) > std::abs(y->delta) * (y->isRate ? 100.0 : 1.0);
  });
  m_table->setRowCount(static_cast<int>(rows.size()));
  int significant = 0;
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    const auto& m = *rows[static_cast<std::size_t>(i)];
    const QStringList cells = {label(m), value(m, m.a), value(m, m.b), signedValue(m, m.delta),
                               QStringLiteral("[%1, %2]").arg(signedValue(m, m.ci.lo), signedValue(m, m.ci.hi)),
                               QString::fromLatin1(m.verdict())};
    for (int c = 0; c < cells.size(); ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if (m.significant) item->setBackground(QColor(0xff, 0xe8, 0xb0));
      m_table->setItem(i, c, item);
    }
    significant += m.significant ? 1 : 0;
  }
  const int edits = static_cast<int>(r.changes.size());
  m_status->setText(tr("%1; %2 of %3 numbers moved significantly (95% interval clear of 0; highlighted). "
                       "%L4 games per side, seed %5, agents %6; same seeds on both sides.")
                        .arg(edits == 1 ? tr("1 edit") : tr("%1 edits").arg(edits))
                        .arg(significant)
                        .arg(rows.size())
                        .arg(r.a.config.games)
                        .arg(r.a.config.seed)
                        .arg(QString::fromStdString(agentsText(r.a.config.agents))));  // as the Simulation tab says them
}

QString ComparePanel::statusText() const { return m_status->text(); }

}  // namespace wb::app
