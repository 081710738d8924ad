#include "app/gui/dice_lab/expression_distribution_view.h"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "charts/dice/dice_chart.h"
#include "charts/export/chart_export.h"
#include "model/expression/expression.h"
#include "simulation/dice/dice_report.h"
#include "simulation/dice/expression_distribution.h"

namespace wb::app {

namespace {
QString num(double v) { return QString::fromStdString(sim::dice::formatOutcome(std::round(v * 1000) / 1000)); }
}  // namespace

ExpressionDistributionView::ExpressionDistributionView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(4);
  m_view = charts::makeChartView(charts::buildDiceChart({}, {charts::DiceCumulative::None, true}));
  // 120 px when there is room, down to 60 when the inspector is short: a
  // fixed height overflowed its slot in a squeezed layout and the statistics
  // line below was drawn over the chart's axis.
  m_view->setMinimumSize(160, 60);
  m_view->setMaximumHeight(120);
  m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
  layout->addWidget(m_view, 1);
  m_summary = new QLabel(this);
  m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
  m_summary->setWordWrap(true);
  m_summary->setStyleSheet(QStringLiteral("color: #444;"));
  layout->addWidget(m_summary);
  m_timer = new QTimer(this);
  m_timer->setSingleShot(true);
  m_timer->setInterval(200);
  connect(m_timer, &QTimer::timeout, this, &ExpressionDistributionView::compute);
  clear();
}

void ExpressionDistributionView::setExpression(const QString& expression, const model::Ruleset* ruleset) {
  m_expression = expression.trimmed();
  m_ruleset = ruleset;
  m_timer->start();
}

void ExpressionDistributionView::updateNow() {
  m_timer->stop();
  compute();
}

void ExpressionDistributionView::clear() {
  m_timer->stop();
  m_expression.clear();
  m_pmf.reset();
  m_view->hide();
  m_summary->clear();
  m_summary->hide();
}

QString ExpressionDistributionView::summaryText() const { return m_summary->text(); }

void ExpressionDistributionView::compute() {
  m_pmf.reset();
  auto note = [this](const QString& text) {
    m_view->hide();
    m_summary->setText(text);
    m_summary->setVisible(!text.isEmpty());
    Q_EMIT updated();
  };
  if (m_expression.isEmpty()) return note(QString());
  model::ExpressionError parseError;
  auto expr = model::Expression::parse(m_expression.toStdString(), &parseError);
  if (!expr) return note(tr("No distribution: column %1: %2").arg(parseError.column).arg(QString::fromStdString(parseError.message)));
  std::string why;
  auto binding = sim::dice::bindExpression(*expr, m_ruleset, &why);
  if (!binding) return note(tr("No distribution: %1").arg(QString::fromStdString(why)));
  if (binding->jointOutcomes() > kMaxInteractiveOutcomes)
    return note(tr("%1 dice combinations: too many to show while editing; ask the Dice Lab.")
                    .arg(binding->jointOutcomes(), 0, 'g', 3));
  auto pmf = sim::dice::expressionDistribution(*expr, *binding, &why);
  if (!pmf || pmf->empty()) return note(tr("No distribution: %1").arg(QString::fromStdString(why)));
  m_pmf = std::move(*pmf);
  if (m_pmf->size() == 1) return note(m_showConstants ? tr("Always %1 (no dice).").arg(num(m_pmf->min())) : QString());

  charts::DiceChartData data;
  data.rows = m_pmf->rows();
  data.mean = m_pmf->mean();
  QChart* old = m_view->chart();
  m_view->setChart(charts::buildDiceChart(data, {charts::DiceCumulative::None, true}));
  delete old;
  m_view->show();
  m_summary->show();
  m_summary->setText(tr("mean %1 \u00b7 sd %2 \u00b7 %3 to %4 \u00b7 most likely %5")
                         .arg(num(m_pmf->mean()), num(m_pmf->sd()), num(m_pmf->min()), num(m_pmf->max()),
                              [&] {
                                double best = 0;
                                for (const auto& [o, p] : m_pmf->map()) best = std::max(best, p);
                                QStringList modes;
                                for (const auto& [o, p] : m_pmf->map())
                                  if (p > best - 1e-12) modes << num(o);
                                if (modes.size() > 3) modes = modes.mid(0, 3) << QStringLiteral("...");
                                return modes.join(QStringLiteral(", "));
                              }()));
  Q_EMIT updated();
}

}  // namespace wb::app
