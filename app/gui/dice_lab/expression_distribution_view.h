// ExpressionDistributionView: a small bar chart of the exact distribution of
// an amount expression (`fire * magic`, `ceil(2 * utility / 3)`) with its mean
// and range, for the inspector to show next to the expression while the
// designer edits it. Updates are debounced; an expression without dice shows
// nothing (or "Always N" with setShowConstants(true)); one that does not parse or names unknown things shows a short
// note (the ExpressionEdit beside it already marks the column); one with more
// joint dice outcomes than kMaxInteractiveOutcomes asks for the Dice Lab.
#pragma once

#include <QWidget>

#include <optional>

#include "simulation/dice/pmf.h"

class QChartView;
class QLabel;
class QTimer;

namespace wb::model {
struct Ruleset;
}

namespace wb::app {

class ExpressionDistributionView : public QWidget {
  Q_OBJECT
 public:
  static constexpr double kMaxInteractiveOutcomes = 1e6;

  explicit ExpressionDistributionView(QWidget* parent = nullptr);

  // Shows `expression` over the dice and parameters of `ruleset` (which must
  // outlive the view or be replaced by the next call; null = d<N> names only).
  // Recomputes after a short pause; updateNow() recomputes at once.
  void setExpression(const QString& expression, const model::Ruleset* ruleset);
  void updateNow();
  void clear();
  // Constant amounts (a cost of 18): "Always 18" when on, nothing when off (default).
  void setShowConstants(bool on) { m_showConstants = on; }

  // The last distribution (nullopt when none could be computed).
  const std::optional<sim::dice::Pmf>& distribution() const { return m_pmf; }
  QString summaryText() const;

 Q_SIGNALS:
  void updated();

 private:
  void compute();

  QString m_expression;
  const model::Ruleset* m_ruleset = nullptr;
  bool m_showConstants = false;
  std::optional<sim::dice::Pmf> m_pmf;
  QTimer* m_timer;
  QChartView* m_view;
  QLabel* m_summary;
};

}  // namespace wb::app
