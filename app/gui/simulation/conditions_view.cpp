#include "app/gui/simulation/conditions_view.h"

#include <QColor>
#include <QFont>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/gui/simulation/number_item.h"
#include "app/report/text_format.h"
#include "simulation/conditions/condition_analysis.h"

namespace wb::app {

namespace {

QString columnTitle(const std::string& key) {
  if (key == "first_side") return QObject::tr("First side wins %\n(of decided games)");
  if (key == "turns") return QObject::tr("Mean length\n(turns)");
  if (key.rfind("seat:", 0) == 0) return QObject::tr("Seat %1 wins % (of all games)").arg(QString::fromStdString(key.substr(5)).toInt() + 1);
  if (key == "timeouts") return QObject::tr("Timeouts %");
  if (key == "adjudicated") return QObject::tr("Adjudicated %");
  if (key == "nobody") return QObject::tr("Nobody wins %");
  if (key == "draws") return QObject::tr("Draws %");
  return QString::fromStdString(key);
}

QString measureText(const sim::ConditionMeasure& m) {
  const QString star = m.significant ? QStringLiteral(" *") : QString();
  if (m.isRate)
    return QStringLiteral("%1 %2%3").arg(QString::fromStdString(percentText(m.value)),
                                          QString::fromStdString(intervalText(m.ci)), star);
  return QStringLiteral("%1 [%2, %3]%4")
      .arg(m.value, 0, 'f', 1)
      .arg(m.ci.lo, 0, 'f', 1)
      .arg(m.ci.hi, 0, 'f', 1)
      .arg(star);
}

}  // namespace

ConditionsView::ConditionsView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 2, 0, 0);
  m_header = new QLabel(this);
  m_header->setWordWrap(true);
  m_header->setStyleSheet(QStringLiteral("color: #555;"));
  m_header->setObjectName(QStringLiteral("conditionsHeader"));
  layout->addWidget(m_header);
  m_table = new QTableWidget(0, FirstMeasure, this);
  m_table->setObjectName(QStringLiteral("conditionsTable"));
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setAlternatingRowColors(true);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Rows come by feature, then value; a click on a header sorts.
  m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
  layout->addWidget(m_table, 3);
  auto* title = new QLabel(tr("<b>Conditions whose outcome differs most from the rest</b> (strongest first; Holm-corrected)"), this);
  title->setWordWrap(true);  // it never widens the Simulation tab past a 1000 px window
  layout->addWidget(title);
  m_findings = new QListWidget(this);
  m_findings->setObjectName(QStringLiteral("conditionsFindings"));
  m_findings->setWordWrap(true);
  m_findings->setAlternatingRowColors(true);
  layout->addWidget(m_findings, 1);
  showResult(sim::RunResult{});
}

QString ConditionsView::headerText() const { return m_header->text(); }

void ConditionsView::showResult(const sim::RunResult& result) {
  m_table->setSortingEnabled(false);
  m_table->setRowCount(0);
  m_findings->clear();
  if (result.stats.games() == 0) {
    m_table->setColumnCount(FirstMeasure);
    m_table->setHorizontalHeaderLabels({tr("Condition"), tr("Games")});
    m_header->setText(tr("No results yet: press Run. The games are tabulated by the conditions of their setup "
                         "(the features the engine declares: dice rolled at the start, the arena, the relics dealt, ...)."));
    return;
  }
  const sim::ConditionAnalysis a = sim::analyzeConditions(result.stats);
  if (a.empty()) {
    m_table->setColumnCount(FirstMeasure);
    m_table->setHorizontalHeaderLabels({tr("Condition"), tr("Games")});
    m_header->setText(tr("The engine '%1' declares no setup features: every game starts the same way.")
                          .arg(QString::fromStdString(result.engine)));
    return;
  }
  m_header->setText(tr("%L1 games by the conditions of their setup (%2 features: %3). 95% intervals (Wilson for rates, "
                       "the mean and 1.96 standard errors either side for length); <b>*</b> and the tint: differs from the other games after "
                       "Holm's correction over %L4 tests (cells of at least %5 games). Agents: %6. The same table as "
                       "<tt>balance run --conditions</tt>.")
                        .arg(result.stats.games())
                        .arg(a.features.size())
                        .arg([&] {
                          QStringList f;
                          for (const auto& name : a.features) f << QString::fromStdString(name);
                          return f.join(QStringLiteral(", "));
                        }())
                        .arg(a.tests)
                        .arg(sim::ConditionAnalysis::kMinCellGames)
                        .arg(QString::fromStdString(agentsText(result.config.agents)).toHtmlEscaped()));
  QStringList titles = {tr("Condition"), tr("Games")};
  for (const auto& key : a.measureKeys) titles << columnTitle(key);
  m_table->setColumnCount(static_cast<int>(titles.size()));
  m_table->setHorizontalHeaderLabels(titles);
  m_table->setRowCount(static_cast<int>(a.singles.size()));
  for (int r = 0; r < static_cast<int>(a.singles.size()); ++r) {
    const auto& row = a.singles[static_cast<std::size_t>(r)];
    m_table->setItem(r, Condition, new QTableWidgetItem(QString::fromStdString(row.cell.label())));
    m_table->setItem(r, Games, new NumberItem(QString::number(row.cell.games), static_cast<double>(row.cell.games)));
    for (std::size_t k = 0; k < row.measures.size(); ++k) {
      const auto& m = row.measures[k];
      auto* item = new NumberItem(measureText(m), m.value);
      item->setToolTip(tr("%1: %2 in this cell (%L3 games), %4 in the other games; difference %5 %6; Holm p %7")
                           .arg(QString::fromStdString(sim::conditionMeasureLabel(m.key)))
                           .arg(m.isRate ? QString::fromStdString(percentText(m.value)) + QLatin1Char('%')
                                         : QString::number(m.value, 'f', 1))
                           .arg(m.n)
                           .arg(m.isRate ? QString::fromStdString(percentText(m.rest)) + QLatin1Char('%')
                                         : QString::number(m.rest, 'f', 1))
                           .arg(m.isRate ? QString::fromStdString(signedPointsText(m.delta)) + tr(" points")
                                         : QString::number(m.delta, 'f', 1) + tr(" turns"))
                           .arg(m.isRate ? QString::fromStdString(signedIntervalText(m.deltaCi))
                                         : QStringLiteral("[%1, %2]").arg(m.deltaCi.lo, 0, 'f', 1).arg(m.deltaCi.hi, 0, 'f', 1))
                           .arg(m.tested ? QString::fromStdString(pValueText(m.adjustedP)) : tr("not tested (too few games)")));
      if (m.significant) {
        item->setBackground(m.delta > 0 ? QColor(0xfd, 0xeb, 0xd3) : QColor(0xdf, 0xec, 0xf8));
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
      }
      m_table->setItem(r, FirstMeasure + static_cast<int>(k), item);
    }
  }
  m_table->setSortingEnabled(true);
  for (const auto& f : a.findings) {
    auto* item = new QListWidgetItem(QString::fromStdString(f.text), m_findings);
    item->setToolTip(item->text());
  }
  if (a.findings.empty()) new QListWidgetItem(tr("None after the correction."), m_findings);
}

}  // namespace wb::app
