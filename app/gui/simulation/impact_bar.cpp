#include "app/gui/simulation/impact_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>

#include <set>

#include "app/gui/simulation/impact_job.h"
#include "app/report/text_format.h"

namespace wb::app {

namespace {

QTableWidgetItem* liftItem(const sim::ImpactMeasure& m, bool restricted) {
  QString text;
  double sortValue = 0;
  QString tip;
  if (!m.measured) {
    text = QString::fromStdString(m.note);
    sortValue = -2;
  } else if (restricted && m.restrictedGames == 0) {
    text = QObject::tr("no effect (never restricted)");
    tip = QString::fromStdString(m.note);
  } else if (restricted && changedNoGame(m)) {
    // Not a certain zero: no pair differed, as with a passive card nobody plays by choice.
    text = QObject::tr(kNeverPlayedText);
    tip = QObject::tr("%1 pairs, none of them different: the restriction changed no game.").arg(m.lift.pairs);
  } else {
    sortValue = m.lift.mean();
    text = QString::fromStdString(signedPointsText(m.lift.mean()) + " " + signedIntervalText(m.lift.interval()));
    tip = QObject::tr("%1 pairs; %2; with %3%, without %4%")
              .arg(m.lift.pairs)
              .arg(QString::fromStdString(pValueText(m.lift.pValue())))
              .arg(QString::fromStdString(percentText(m.lift.treatedMean())))
              .arg(QString::fromStdString(percentText(m.lift.controlMean())));
  }
  auto* item = new QTableWidgetItem(text);
  item->setData(Qt::UserRole, sortValue);
  item->setToolTip(tip);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  if (m.measured && (m.lift.interval().lo > 0 || m.lift.interval().hi < 0)) {
    QFont f = item->font();
    f.setBold(true);
    item->setFont(f);
  }
  return item;
}

}  // namespace

ImpactBar::ImpactBar(QTableWidget* table, int nameColumn, int restrictedColumn, int grantColumn, Setup setup, QWidget* parent)
    : QWidget(parent),
      m_table(table),
      m_nameColumn(nameColumn),
      m_restrictedColumn(restrictedColumn),
      m_grantColumn(grantColumn),
      m_setup(std::move(setup)) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  m_button = new QPushButton(tr("Measure impact"), this);
  m_button->setToolTip(tr("Causal impact of the selected entities (or all): restricted play (one seat may not buy,\n"
                          "play or use it) and grant (one seat starts with it), each on paired games with the\n"
                          "same seeds. The Association columns only compare players who used it with those who did not."));
  row->addWidget(m_button);
  m_standoutsButton = new QPushButton(tr("Measure all that stand out"), this);
  m_standoutsButton->setToolTip(tr("Measures, in one step, every entity the chart lists as standing out (the largest "
                                   "associations): restricted play and grant, paired on the same seeds."));
  m_standoutsButton->hide();
  row->addWidget(m_standoutsButton);
  connect(m_standoutsButton, &QPushButton::clicked, this, [this] {
    if (!m_standouts || isRunning()) return;
    const auto ids = m_standouts();
    if (ids.empty()) {
      m_status->setText(tr("Nothing stands out yet: run games first."));
      return;
    }
    measureEntities(ids);
  });
  row->addWidget(new QLabel(tr("pairs per entity"), this));
  m_pairs = new QSpinBox(this);
  m_pairs->setRange(10, 100000);
  m_pairs->setValue(200);
  row->addWidget(m_pairs);
  m_status = new QLabel(tr("Causal columns: not measured yet."), this);
  // A long status wraps instead of widening the tab until its controls scroll off.
  m_status->setWordWrap(true);
  m_status->setMinimumWidth(0);
  m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  row->addWidget(m_status, 1);
  connect(m_button, &QPushButton::clicked, this, [this] {
    if (isRunning()) m_job->cancel();
    else measure();
  });
}

ImpactBar::~ImpactBar() = default;

bool ImpactBar::isRunning() const { return m_job && m_job->isRunning(); }

bool ImpactBar::prepare(model::Ruleset& snapshot, sim::ImpactConfig& config) {
  QString why;
  if (!m_setup || !m_setup(snapshot, config.run, &why)) {
    m_status->setText(why);
    return false;
  }
  config.run.games = static_cast<std::uint64_t>(m_pairs->value());
  config.run.untilCi = 0;
  return true;
}

void ImpactBar::measure() {
  if (isRunning()) return;
  model::Ruleset snapshot;
  sim::ImpactConfig config;
  if (!prepare(snapshot, config)) return;
  std::set<int> rows;
  for (const QTableWidgetItem* item : m_table->selectedItems()) rows.insert(item->row());
  std::vector<std::string> ids;
  for (int r : rows)
    if (auto* item = m_table->item(r, m_nameColumn)) ids.push_back(item->text().toStdString());
  start(std::move(snapshot), config, ids);
}

void ImpactBar::measureEntities(const std::vector<std::string>& ids) {
  if (isRunning()) return;
  model::Ruleset snapshot;
  sim::ImpactConfig config;
  if (!prepare(snapshot, config)) return;
  start(std::move(snapshot), config, ids);
}

void ImpactBar::setStandouts(std::function<std::vector<std::string>()> standouts) {
  m_standouts = std::move(standouts);
  m_standoutsButton->setVisible(static_cast<bool>(m_standouts));
}

void ImpactBar::start(model::Ruleset snapshot, const sim::ImpactConfig& config, const std::vector<std::string>& ids) {
  m_runningRuleset = snapshot;
  m_job = std::make_unique<ImpactJob>(std::move(snapshot), config, ids);
  connect(m_job.get(), &ImpactJob::progressed, this, [this] {
    const sim::ImpactProgress p = m_job->progress();
    m_status->setText(tr("Measuring: %L1 / %L2 games").arg(p.gamesDone).arg(p.gamesTotal));
  });
  connect(m_job.get(), &ImpactJob::finished, this, [this, agents = config.run.agents] {
    if (!m_job->error().isEmpty()) {
      m_status->setText(tr("Impact not measured: %1").arg(m_job->error()));
    } else {
      m_last = m_job->result();
      m_lastRuleset = m_runningRuleset;
      fillColumns(m_table, m_nameColumn, m_restrictedColumn, m_grantColumn, m_last);
      m_status->setText(tr("Causal lifts of %1 entities, %L2 pairs each (agents %3)%4")
                            .arg(m_last.entities.size())
                            .arg(m_last.config.run.games)
                            .arg(QString::fromStdString(agentsText(agents)))
                            .arg(m_last.cancelled ? tr(" [cancelled: partial]") : QString()));
    }
    m_button->setText(tr("Measure impact"));
    Q_EMIT measured();
  });
  m_button->setText(tr("Cancel impact"));
  m_status->setText(tr("Measuring..."));
  m_job->start();
}

void ImpactBar::clear() {
  m_job.reset();  // cancels and waits
  m_last = {};
  m_lastRuleset = {};
  m_button->setText(tr("Measure impact"));
  m_status->setText(tr("Causal columns: not measured yet."));
}

void ImpactBar::fillColumns(QTableWidget* table, int nameColumn, int restrictedColumn, int grantColumn,
                            const sim::ImpactResult& result) {
  const bool sorting = table->isSortingEnabled();
  table->setSortingEnabled(false);
  for (int r = 0; r < table->rowCount(); ++r) {
    const QTableWidgetItem* name = table->item(r, nameColumn);
    if (!name) continue;
    for (const sim::EntityImpact& e : result.entities) {
      if (QString::fromStdString(e.id) != name->text()) continue;
      table->setItem(r, restrictedColumn, liftItem(e.restricted, true));
      table->setItem(r, grantColumn, liftItem(e.granted, false));
    }
  }
  table->setSortingEnabled(sorting);
}

}  // namespace wb::app
