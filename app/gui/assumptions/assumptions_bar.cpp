#include "app/gui/assumptions/assumptions_bar.h"

#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>

#include <algorithm>

#include "app/gui/assumptions/assumption_marks.h"
#include "app/gui/document/ruleset_document.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

AssumptionsBar::AssumptionsBar(RulesetDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_marks(AssumptionMarks::of(document)) {
  setObjectName(QStringLiteral("assumptionsBar"));
  // Two short rows, so the parameters page stays as narrow as the others.
  auto* rows = new QVBoxLayout(this);
  rows->setContentsMargins(6, 2, 6, 2);
  rows->setSpacing(2);
  auto* row = new QHBoxLayout;
  auto* icon = new QLabel(this);
  icon->setPixmap(AssumptionMarks::icon(AssumptionMark::State::Changes).pixmap(16, 16));
  row->addWidget(icon);
  m_measure = new QPushButton(tr("Measure assumptions"), this);
  m_measure->setToolTip(tr("Plays every alternative of every value marked assumed against the shipped value on the\n"
                           "same game seeds (as `balance assumptions`), with the engine's default agent, and marks\n"
                           "each assumed value with the change it makes (Holm-corrected 95% intervals)."));
  row->addWidget(m_measure);
  m_games = new QSpinBox(this);
  m_games->setRange(10, 1000000);
  m_games->setValue(500);  // `balance assumptions`' default
  m_games->setSingleStep(100);
  m_games->setSuffix(tr(" games each"));
  m_games->setToolTip(tr("Games per run: the shipped ruleset and each alternative play this many, on the same seeds."));
  row->addWidget(m_games);
  row->addStretch();
  rows->addLayout(row);
  auto* second = new QHBoxLayout;
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_cancel->setEnabled(false);
  second->addWidget(m_cancel);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setMaximumWidth(160);
  m_progress->hide();
  second->addWidget(m_progress);
  m_status = new QLabel(this);
  m_status->setStyleSheet(QStringLiteral("color: #555;"));
  m_status->setWordWrap(true);
  m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_status->setMinimumHeight(m_status->fontMetrics().height() * 2 + 4);
  second->addWidget(m_status, 1);
  rows->addLayout(second);

  connect(m_measure, &QPushButton::clicked, this, &AssumptionsBar::measure);
  connect(m_cancel, &QPushButton::clicked, this, &AssumptionsBar::cancel);
  connect(m_marks, &AssumptionMarks::changed, this, &AssumptionsBar::refresh);
  connect(m_marks, &AssumptionMarks::started, this, &AssumptionsBar::refresh);
  connect(m_marks, &AssumptionMarks::finished, this, &AssumptionsBar::refresh);
  connect(m_marks, &AssumptionMarks::message, this, &AssumptionsBar::message);
  connect(m_marks, &AssumptionMarks::progressed, this, [this] {
    const sim::AssumptionsProgress p = m_marks->progress();
    if (p.gamesTotal > 0)
      m_progress->setValue(static_cast<int>(1000.0 * static_cast<double>(p.gamesDone) / static_cast<double>(p.gamesTotal)));
    m_status->setText(tr("Run %1 of %2 (%3): %L4 / %L5 games")
                          .arg(p.run + 1)
                          .arg(p.runs)
                          .arg(QString::fromStdString(p.label))
                          .arg(p.gamesDone)
                          .arg(p.gamesTotal));
  });
  refresh();
}

sim::RunConfig AssumptionsBar::runConfig() const {
  sim::RunConfig c;
  const auto& r = m_document->ruleset();
  c.games = static_cast<std::uint64_t>(m_games->value());
  c.seed = 1;
  c.threads = m_threads > 0 ? m_threads : std::max(1, QThread::idealThreadCount());
  c.players = std::max(1, r.players.initial());
  c.agents = m_agents.empty() ? std::vector<std::string>{rulesets::defaultAgent(r.engine, c.players)} : m_agents;
  return c;
}

void AssumptionsBar::setGames(int games) { m_games->setValue(games); }

QString AssumptionsBar::statusText() const { return m_status->text(); }

void AssumptionsBar::measure() {
  QString why;
  if (!m_marks->measure(runConfig(), &why)) {
    m_status->setText(why);
    Q_EMIT message(why);
    return;
  }
  m_progress->setValue(0);
  m_status->setText(tr("Starting..."));
}

void AssumptionsBar::cancel() {
  if (!m_marks->isRunning()) return;
  m_marks->cancel();
  m_status->setText(tr("Cancelling..."));
}

void AssumptionsBar::refresh() {
  const bool running = m_marks->isRunning();
  m_measure->setEnabled(!running);
  m_cancel->setEnabled(running);
  m_games->setEnabled(!running);
  m_progress->setVisible(running);
  if (!running) m_status->setText(m_marks->summary());
}

}  // namespace wb::app
