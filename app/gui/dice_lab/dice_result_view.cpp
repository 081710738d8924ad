#include "app/gui/dice_lab/dice_result_view.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <memory>

#include "charts/export/chart_export.h"
#include "simulation/dice/dice_report.h"

namespace wb::app {

namespace {

QString number(double v, int digits = 6) {
  if (v == 0) return QStringLiteral("0");
  return QString::number(v, 'g', digits);
}

QString percent(double p) { return QString::number(p * 100, 'f', p < 0.001 && p > 0 ? 4 : 2) + QLatin1Char('%'); }

QTableWidgetItem* cell(const QString& text, bool right = true) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  if (right) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

QString joined(const std::vector<std::string>& items) {
  QStringList out;
  for (const auto& s : items) out << QString::fromStdString(s);
  return out.isEmpty() ? QStringLiteral("(nothing)") : out.join(QLatin1Char(' '));
}

}  // namespace

DiceResultView::DiceResultView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);

  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Curve"), this));
  m_cumulative = new QComboBox(this);
  m_cumulative->addItem(tr("none"));
  m_cumulative->addItem(tr("at least"));
  m_cumulative->addItem(tr("at most"));
  m_cumulative->setCurrentIndex(1);
  bar->addWidget(m_cumulative);
  bar->addStretch();
  m_exportPng = new QPushButton(tr("Export chart..."), this);
  m_exportPng->setToolTip(tr("Save the chart as PNG or SVG"));
  m_exportCsv = new QPushButton(tr("Export CSV..."), this);
  m_exportCsv->setToolTip(tr("Save the table: outcome, probability, at least, at most, fraction"));
  bar->addWidget(m_exportPng);
  bar->addWidget(m_exportCsv);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Vertical, this);
  m_view = charts::makeChartView(charts::buildDiceChart({}));
  m_view->setMinimumHeight(260);
  split->addWidget(m_view);

  auto* lower = new QWidget(split);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 4, 0, 0);
  m_summary = new QLabel(lower);
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  lowerLayout->addWidget(m_summary);
  auto* tables = new QHBoxLayout;
  m_table = new QTableWidget(0, 5, lower);
  m_table->setHorizontalHeaderLabels({tr("Outcome"), tr("Probability"), tr("At least"), tr("At most"), tr("Fraction")});
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_table->horizontalHeader()->setMinimumSectionSize(70);
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
  m_table->setWordWrap(false);
  m_table->setAlternatingRowColors(true);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  tables->addWidget(m_table, 3);
  m_policyBox = new QWidget(lower);
  auto* policyBox = new QVBoxLayout(m_policyBox);
  policyBox->setContentsMargins(0, 0, 0, 0);
  m_policyTitle = new QLabel(tr("<b>Best hold after the first roll</b> (most likely rolls first)"), lower);
  m_policy = new QTableWidget(0, 4, lower);
  m_policy->setHorizontalHeaderLabels({tr("Roll shows"), tr("Chance"), tr("Keep"), tr("Then succeeds")});
  m_policy->verticalHeader()->hide();
  m_policy->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_policy->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_policy->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
  m_policy->verticalHeader()->setDefaultSectionSize(m_policy->fontMetrics().height() + 6);
  m_policy->setWordWrap(false);
  m_policy->setTextElideMode(Qt::ElideRight);
  m_policy->setAlternatingRowColors(true);
  policyBox->addWidget(m_policyTitle);
  policyBox->addWidget(m_policy);
  tables->addWidget(m_policyBox, 5);
  lowerLayout->addLayout(tables, 1);
  split->addWidget(lower);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({460, 300});
  layout->addWidget(split, 1);

  connect(m_cumulative, &QComboBox::currentIndexChanged, this, [this] { rebuildChart(); });
  connect(m_exportPng, &QPushButton::clicked, this, &DiceResultView::askExportChart);
  connect(m_exportCsv, &QPushButton::clicked, this, &DiceResultView::askExportCsv);
  clear();
}

QChart* DiceResultView::chart() const { return m_view->chart(); }

void DiceResultView::setCumulative(charts::DiceCumulative cumulative) {
  m_cumulative->setCurrentIndex(static_cast<int>(cumulative));
}

void DiceResultView::clear() {
  m_result.reset();
  m_table->setRowCount(0);
  m_policy->setRowCount(0);
  m_policyBox->hide();
  m_summary->setText(tr("Choose dice and a query, then Evaluate (or click a question of the ruleset)."));
  m_exportPng->setEnabled(false);
  m_exportCsv->setEnabled(false);
  rebuildChart();
}

void DiceResultView::setResult(const sim::dice::DiceResult& result) {
  m_result = result;
  m_cumulative->setEnabled(result.request.query != sim::dice::DiceQuery::Target);  // a yes/no answer has no curve
  m_exportPng->setEnabled(true);
  m_exportCsv->setEnabled(true);
  fillSummary();
  fillTable();
  rebuildChart();
}

charts::DiceChartData DiceResultView::chartData() const {
  charts::DiceChartData d;
  if (!m_result) {
    d.title = tr("No distribution yet");
    return d;
  }
  const auto& r = *m_result;
  d.title = QString::fromStdString(r.title);
  d.rows = r.pmf.rows();
  d.mean = r.mean;
  using sim::dice::DiceQuery;
  switch (r.request.query) {
    case DiceQuery::Sum: d.outcomeLabel = tr("sum"); break;
    case DiceQuery::Count: d.outcomeLabel = tr("dice showing the faces"); break;
    case DiceQuery::Vs: d.outcomeLabel = tr("pairs won by A minus pairs won by B"); break;
    case DiceQuery::Expression: d.outcomeLabel = QString::fromStdString(r.request.expression); break;
    case DiceQuery::Target:
      d.outcomeLabel = tr("target");
      d.showMean = false;
      d.barValueLabels = true;
      for (const auto& row : d.rows) d.labels << (row.outcome > 0.5 ? tr("reached") : tr("missed"));
      break;
  }
  if (r.probability && r.request.query != DiceQuery::Target) {
    d.threshold = r.request.atLeast ? *r.request.atLeast : 1.0;
    d.thresholdLabel = QStringLiteral("%1 = %2").arg(QString::fromStdString(r.probabilityLabel), percent(*r.probability));
    d.thresholdLabel.replace(QStringLiteral(">="), QStringLiteral("\u2265"));
  }
  return d;
}

void DiceResultView::rebuildChart() {
  charts::DiceChartOptions options;
  options.cumulative = static_cast<charts::DiceCumulative>(m_cumulative->currentIndex());
  if (m_result && m_result->request.query == sim::dice::DiceQuery::Target) options.cumulative = charts::DiceCumulative::None;
  QChart* old = m_view->chart();
  m_view->setChart(charts::buildDiceChart(chartData(), options));
  delete old;
}

void DiceResultView::fillSummary() {
  const auto& r = *m_result;
  QStringList parts;
  if (r.request.query != sim::dice::DiceQuery::Target) {
    QString mean = tr("mean <b>%1</b>").arg(number(r.mean, 6));
    if (r.meanInterval) mean += tr(" (95%: %1 to %2)").arg(number(r.meanInterval->low, 5), number(r.meanInterval->high, 5));
    parts << mean << tr("sd %1").arg(number(r.sd, 5));
  }
  if (r.probability) {
    QString label = QString::fromStdString(r.probabilityLabel).toHtmlEscaped();
    label.replace(QStringLiteral("&gt;="), QStringLiteral("\u2265"));
    QString p = tr("%1 = <b>%2</b> (%3)").arg(label, number(*r.probability, 6), percent(*r.probability));
    if (!r.probabilityFraction.empty()) p += QStringLiteral(" = %1").arg(QString::fromStdString(r.probabilityFraction));
    if (r.probabilityInterval)
      p += tr(", 95%: %1 to %2").arg(number(r.probabilityInterval->low, 5), number(r.probabilityInterval->high, 5));
    parts << p;
  }
  parts << (r.exact ? tr("exact") : tr("Monte Carlo, %L1 samples").arg(r.samples));
  parts << tr("%1 ms").arg(number(r.elapsedMs, 3));
  m_summary->setText(QStringLiteral("<b>%1</b><br>%2").arg(QString::fromStdString(r.title).toHtmlEscaped(),
                                                          parts.join(QStringLiteral(" &nbsp;\u00b7&nbsp; "))));
}

void DiceResultView::fillTable() {
  const auto& r = *m_result;
  const auto rows = r.pmf.rows();
  const bool target = r.request.query == sim::dice::DiceQuery::Target;
  m_table->setRowCount(static_cast<int>(rows.size()));
  bool anyFraction = false;
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    const auto& row = rows[static_cast<std::size_t>(i)];
    const QString outcome = target ? (row.outcome > 0.5 ? tr("reached") : tr("missed"))
                                   : QString::fromStdString(sim::dice::formatOutcome(row.outcome));
    const QString fraction = r.exact ? QString::fromStdString(r.pmf.fraction(row.probability)) : QString();
    anyFraction = anyFraction || !fraction.isEmpty();
    m_table->setItem(i, 0, cell(outcome));
    m_table->setItem(i, 1, cell(number(row.probability)));
    m_table->setItem(i, 2, cell(number(row.atLeast)));
    m_table->setItem(i, 3, cell(number(row.atMost)));
    m_table->setItem(i, 4, cell(fraction));
  }
  m_table->setColumnHidden(4, !anyFraction);

  m_policy->setRowCount(static_cast<int>(r.policy.size()));
  for (int i = 0; i < static_cast<int>(r.policy.size()); ++i) {
    const auto& a = r.policy[static_cast<std::size_t>(i)];
    m_policy->setItem(i, 0, cell(joined(a.showing), false));
    m_policy->item(i, 0)->setToolTip(joined(a.showing));
    m_policy->setItem(i, 1, cell(percent(a.probability)));
    m_policy->setItem(i, 2, cell(joined(a.hold), false));
    m_policy->setItem(i, 3, cell(percent(a.success)));
  }
  m_policyBox->setVisible(!r.policy.empty());
}

bool DiceResultView::exportCsv(const QString& path, QString* error) const {
  if (!m_result) {
    if (error) *error = tr("nothing to export yet");
    return false;
  }
  QFile file(path);
  const QByteArray csv = QByteArray::fromStdString(sim::dice::formatDiceCsv(*m_result));
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(csv) != csv.size()) {
    if (error) *error = tr("cannot write %1").arg(path);
    return false;
  }
  return true;
}

bool DiceResultView::exportChart(const QString& path, QSize size, QString* error) const {
  if (!m_result) {
    if (error) *error = tr("nothing to export yet");
    return false;
  }
  // A fresh chart, so the on-screen one keeps its layout.
  charts::DiceChartOptions options;
  options.cumulative = static_cast<charts::DiceCumulative>(m_cumulative->currentIndex());
  if (m_result->request.query == sim::dice::DiceQuery::Target) options.cumulative = charts::DiceCumulative::None;
  std::unique_ptr<QChart> chart(charts::buildDiceChart(chartData(), options));
  return charts::saveChart(chart.get(), path, size, error);
}

void DiceResultView::askExportCsv() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the distribution"), QStringLiteral("dice.csv"),
                                                    tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  Q_EMIT message(exportCsv(path, &error) ? tr("Saved %1").arg(path) : error);
}

void DiceResultView::askExportChart() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the chart"), QStringLiteral("dice.png"),
                                                    tr("PNG image (*.png);;SVG image (*.svg)"));
  if (path.isEmpty()) return;
  QString error;
  Q_EMIT message(exportChart(path, QSize(900, 540), &error) ? tr("Saved %1").arg(path) : error);
}

}  // namespace wb::app
